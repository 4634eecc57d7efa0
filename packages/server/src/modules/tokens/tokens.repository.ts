import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { insertReturningId } from '../../db/insert-id.js';
import { escapeLike, likeEscaped, pageOf, type PageWindow } from '../../db/query-helpers.js';
import type { Database, TokensTable } from '../../db/tables.js';

export type TokenRow = Selectable<TokensTable>;

/** Filters of a token list; every query is scoped to one owner and skips soft-deleted rows. */
export interface TokenFilter {
  userId: number;
  /** Name contains this text. */
  keyword?: string;
  /** Part of the stored key (without `sk-`), as new-api matches it: only ever among the owner's own keys. */
  key?: string;
}

function filtered(db: Kysely<Database>, filter: TokenFilter) {
  let query = db.selectFrom('tokens').where('user_id', '=', filter.userId).where('deleted_at', 'is', null);
  if (filter.keyword) query = query.where(likeEscaped('name', `%${escapeLike(filter.keyword)}%`));
  if (filter.key) query = query.where(likeEscaped('key', `%${escapeLike(filter.key)}%`));
  return query;
}

/** One page of the owner's tokens, newest first, plus the total. */
export async function listTokens(
  db: Kysely<Database>,
  filter: TokenFilter,
  page: PageWindow,
): Promise<{ rows: TokenRow[]; total: number }> {
  return pageOf(filtered(db, filter).selectAll().orderBy('id', 'desc'), page);
}

export async function findToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertToken(db: Kysely<Database>, values: Insertable<TokensTable>): Promise<number> {
  return insertReturningId(db, 'tokens', values);
}

/** Updates one of the owner's live tokens; answers the number of rows changed (0 or 1). */
export async function updateToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
  values: Updateable<TokensTable>,
): Promise<number> {
  const result = await db
    .updateTable('tokens')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Soft delete: the row stays for logs and imports, every read skips it. */
export async function softDeleteToken(
  db: Kysely<Database>,
  userId: number,
  id: number,
  now: number,
): Promise<number> {
  return updateToken(db, userId, id, { deleted_at: now });
}
