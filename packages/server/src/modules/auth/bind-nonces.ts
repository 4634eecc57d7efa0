import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../crypto.js';
import type { Db } from '../../db/database.js';

/** How long a bind nonce waits for the Telegram widget's redirect; the console fetches a fresh one sooner. */
export const BIND_NONCE_TTL_S = 10 * 60;

/**
 * A one-time nonce standing in for a login session on a request its cookie does not reach: the Telegram
 * widget sends the browser back from telegram.org, and a SameSite=Strict cookie stays home on a navigation
 * from another site. It is bound to the session that asked for it (one pending per session, a new one
 * replaces it), stored as its SHA-256, good once and for `BIND_NONCE_TTL_S`, and it ends with the session.
 * Answers undefined when `sessionSecret` names no live session.
 */
export async function issueBindNonce(
  db: Db,
  sessionSecret: string,
  now: number,
): Promise<string | undefined> {
  const nonce = randomBytes(24).toString('base64url');
  const res = await db
    .updateTable('sessions')
    .set({ bind_nonce: sha256Hex(nonce), bind_nonce_expires_at: now + BIND_NONCE_TTL_S })
    .where('id', '=', sha256Hex(sessionSecret))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? nonce : undefined;
}

/**
 * Uses up `nonce`, answering the session it was issued to (its id, the cookie secret's SHA-256, and user), or
 * undefined when it is unknown, used, expired or its session has ended. One conditional update decides, so two
 * requests racing with one nonce cannot both pass.
 */
export async function consumeBindNonce(
  db: Db,
  nonce: string,
  now: number,
): Promise<{ sessionId: string; userId: number } | undefined> {
  if (!nonce) return undefined;
  const hash = sha256Hex(nonce);
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('bind_nonce', '=', hash)
    .where('bind_nonce_expires_at', '>', now)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const used = await db
    .updateTable('sessions')
    .set({ bind_nonce: '', bind_nonce_expires_at: 0 })
    .where('id', '=', row.id)
    .where('bind_nonce', '=', hash)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? { sessionId: row.id, userId: row.user_id } : undefined;
}
