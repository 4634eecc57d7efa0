import { sha256Hex } from '../crypto.js';
import type { Db } from '../db/database.js';

/** The session cookie's name; its value is a random secret whose hash keys the `sessions` table. */
export const SESSION_COOKIE = 'session';

/** Whose session a cookie's secret is, while it lasts. Sessions are made and ended in modules/auth. */
export async function findSessionUserId(db: Db, secret: string, now: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id', '=', sha256Hex(secret))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}
