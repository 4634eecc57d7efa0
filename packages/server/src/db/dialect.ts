import { MysqlAdapter, PostgresAdapter, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** The SQL dialect behind a Kysely instance; the only place that asks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}
