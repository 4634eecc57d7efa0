import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** Offset and limit of one page of a list. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * The row count of a filtered select: the same query with its selection and order replaced by count(*),
 * so a page and its total can never disagree about the filter.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any table and selection
export async function countRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** One page of an ordered select, plus the total of the whole filter. */
export async function pageOf<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- works for any table
  query: SelectQueryBuilder<any, any, O>,
  win: PageWindow,
): Promise<{ rows: O[]; total: number }> {
  const [rows, total] = await Promise.all([
    query.limit(win.limit).offset(win.offset).execute(),
    countRows(query),
  ]);
  return { rows, total };
}

/** Escapes `%`, `_` and the escape character itself so user text matches literally in {@link likeEscaped}. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, '!$&');
}

/**
 * `column LIKE pattern` with `!` as the escape character: `\` would need different quoting on MySQL, while
 * `ESCAPE '!'` reads the same on every dialect.
 */
export function likeEscaped(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}

/** True for a unique-index or primary-key violation on any of the three dialects. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  return (
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e?.code === '23505' ||
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062
  );
}
