import { MysqlAdapter, PostgresAdapter, type Kysely, type SelectQueryBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** The SQL dialect behind a Kysely instance; the only place that asks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/**
 * The row lock a read-check-write transaction needs: `FOR UPDATE` on PostgreSQL and MySQL; SQLite has no such
 * clause and needs none (one writer at a time, the transaction holds the lock).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
export function forUpdate<Q extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, query: Q): Q {
  return dialectOf(db) === 'sqlite' ? query : (query.forUpdate() as Q);
}
