import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../crypto.js';
import type { Db } from '../../db/database.js';

export const SESSION_TTL_S = 30 * 24 * 3600;

/**
 * Server-side sessions: the cookie carries a random secret, the table its hash. Deleting rows revokes at once,
 * which new-api's cookie-only sessions cannot do.
 */
export async function createSession(
  db: Db,
  userId: number,
  now: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: sha256Hex(secret),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_S,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 255),
    })
    .execute();
  return secret;
}

export async function revokeSession(db: Db, secret: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sha256Hex(secret)).execute();
}

/**
 * Logs a user out everywhere and revokes their access token: on a password change or reset (admin-set
 * included), a role change, the end of a ban and deletion. Run it in the transaction that makes the change,
 * so no credential from before it outlives it. A new access token is one `GET /api/user/token` away.
 */
export async function revokeUserCredentials(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ access_token: null }).where('id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
