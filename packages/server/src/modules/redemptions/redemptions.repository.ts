import { RedemptionStatus } from '@switchboard/sdk';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { insertReturningId } from '../../db/insert-id.js';
import type { Database, RedemptionsTable } from '../../db/tables.js';
import { escapeLike, likeEscaped, pageOf, type PageWindow } from '../../db/query-helpers.js';

export type RedemptionRow = Selectable<RedemptionsTable>;

function filtered(db: Kysely<Database>, keyword: string) {
  let query = db.selectFrom('redemptions').where('deleted_at', 'is', null);
  if (keyword) {
    const byName = likeEscaped('name', `${escapeLike(keyword)}%`);
    // A numeric keyword may be an id or the start of a name (new-api matches both).
    query = /^\d{1,15}$/.test(keyword)
      ? query.where((eb) => eb.or([eb('id', '=', Number(keyword)), byName]))
      : query.where(byName);
  }
  return query;
}

/** One page of live codes, newest first, plus the total. */
export async function listRedemptions(
  db: Kysely<Database>,
  keyword: string,
  page: PageWindow,
): Promise<{ rows: RedemptionRow[]; total: number }> {
  return pageOf(filtered(db, keyword).selectAll().orderBy('id', 'desc'), page);
}

export async function findRedemption(db: Kysely<Database>, id: number): Promise<RedemptionRow | undefined> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findRedemptionByKey(
  db: Kysely<Database>,
  key: string,
): Promise<RedemptionRow | undefined> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertRedemption(
  db: Kysely<Database>,
  values: Insertable<RedemptionsTable>,
): Promise<number> {
  return insertReturningId(db, 'redemptions', values);
}

/**
 * Changes a live code unless it has been used; the status condition is in the WHERE clause so an edit can
 * never land on a code that a concurrent redemption has just consumed. Answers the rows changed.
 */
export async function updateUnusedRedemption(
  db: Kysely<Database>,
  id: number,
  values: Updateable<RedemptionsTable>,
): Promise<number> {
  const result = await db
    .updateTable('redemptions')
    .set(values)
    .where('id', '=', id)
    .where('status', '!=', RedemptionStatus.Used)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function softDeleteRedemption(db: Kysely<Database>, id: number, now: number): Promise<number> {
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks an unused code as used by `userId`. The conditional update is the lock: of any number of concurrent
 * attempts exactly one changes the row, so a code is credited once. Answers the rows changed (0 or 1).
 */
export async function claimRedemption(db: Kysely<Database>, key: string, userId: number, now: number) {
  const result = await db
    .updateTable('redemptions')
    .set({ status: RedemptionStatus.Used, used_user_id: userId, redeemed_time: now })
    .where('key', '=', key)
    .where('status', '=', RedemptionStatus.Unused)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
