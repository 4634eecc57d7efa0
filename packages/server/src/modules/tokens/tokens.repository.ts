import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { insertReturningId } from '../../db/insert-id.js';
import type { Database, TokensTable } from '../../db/tables.js';

export type TokenRow = Selectable<TokensTable>;

/** Filters of a token list; every query is scoped to one owner and skips soft-deleted rows. */
export interface TokenFilter {
  userId: number;
  /** Name contains this text. */
  keyword?: string;
  /** The exact stored key (without `sk-`): keys are secrets, so no partial matching. */
  key?: string;
}

/**
 * `column LIKE pattern` with `!` as the escape character: `\` would need different quoting on MySQL, while
 * `ESCAPE '!'` reads the same on every dialect.
 */
export function likeEscaped(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}

/** Escapes `%`, `_` and the escape character itself so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, '!$&');
}

function filtered(db: Kysely<Database>, filter: TokenFilter) {
  let query = db.selectFrom('tokens').where('user_id', '=', filter.userId).where('deleted_at', 'is', null);
  if (filter.keyword) query = query.where(likeEscaped('name', `%${escapeLike(filter.keyword)}%`));
  if (filter.key) query = query.where('key', '=', filter.key);
  return query;
}

/** One page of the owner's tokens, newest first, plus the total. */
export async function listTokens(
  db: Kysely<Database>,
  filter: TokenFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TokenRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
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
