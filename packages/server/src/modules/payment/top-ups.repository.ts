import type { Insertable, Kysely, Selectable } from 'kysely';
import { insertReturningId } from '../../db/insert-id.js';
import { escapeLike, likeEscaped, pageOf, type PageWindow } from '../../db/query-helpers.js';
import type { Database, TopUpsTable } from '../../db/tables.js';

export type TopUpRow = Selectable<TopUpsTable>;

/** new-api's two order states. */
export const TopUpStatus = { Pending: 'pending', Success: 'success' } as const;

export function insertTopUp(db: Kysely<Database>, values: Insertable<TopUpsTable>): Promise<number> {
  return insertReturningId(db, 'top_ups', values);
}

export function findTopUpByTradeNo(db: Kysely<Database>, tradeNo: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

/**
 * Moves a pending order to success; answers 1 for the one caller that did it and 0 for everyone else. The
 * conditional update is the lock: on PostgreSQL and MySQL a concurrent update waits for the row and then finds
 * it no longer pending; SQLite runs one write transaction at a time.
 */
export async function markTopUpPaid(db: Kysely<Database>, id: number): Promise<number> {
  const result = await db
    .updateTable('top_ups')
    .set({ status: TopUpStatus.Success })
    .where('id', '=', id)
    .where('status', '=', TopUpStatus.Pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One page of a user's orders, newest first; `keyword` matches the start of the trade number. */
export function listUserTopUps(
  db: Kysely<Database>,
  userId: number,
  keyword: string,
  page: PageWindow,
): Promise<{ rows: TopUpRow[]; total: number }> {
  let query = db.selectFrom('top_ups').where('user_id', '=', userId);
  if (keyword) query = query.where(likeEscaped('trade_no', `${escapeLike(keyword)}%`));
  return pageOf(query.selectAll().orderBy('id', 'desc'), page);
}
