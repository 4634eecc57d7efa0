import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * The audit trail (issue 27): one row per management write, written in the transaction of the change. `before`
 * and `after` are JSON text; MySQL's TEXT stops at 64 KB, shorter than a large option (ModelRatio), hence
 * MEDIUMTEXT there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const json = dialect === 'mysql' ? sql.raw('mediumtext') : sql.raw('text');
  const table = db.schema.createTable('audit_logs');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('actor_name', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo(''))
    .addColumn('ip', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo(''))
    .addColumn('via', sql.raw('varchar(16)'), (c) => c.notNull())
    .addColumn('credential', sql.raw('varchar(32)'), (c) => c.notNull().defaultTo(''))
    .addColumn('action', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('target_type', sql.raw('varchar(16)'), (c) => c.notNull())
    .addColumn('target_id', sql.raw('varchar(128)'), (c) => c.notNull().defaultTo(''))
    .addColumn('before', json)
    .addColumn('after', json)
    .addColumn('reverted_from', 'bigint')
    .execute();
  const indexes: Record<string, string[]> = {
    idx_audit_logs_created_at: ['created_at'],
    idx_audit_logs_actor_created_at: ['actor_id', 'created_at'],
    idx_audit_logs_target_created_at: ['target_type', 'target_id', 'created_at'],
  };
  for (const [name, cols] of Object.entries(indexes))
    await db.schema.createIndex(name).on('audit_logs').columns(cols).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_logs').ifExists().execute();
}
