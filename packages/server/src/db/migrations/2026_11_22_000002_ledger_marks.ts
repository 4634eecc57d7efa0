import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * How far each node's settlement journal has been applied. Written in the same transaction as the settlements,
 * so replaying a journal after a crash applies every entry exactly once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_marks')
    .addColumn('journal', sql.raw('varchar(64)'), (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_marks').ifExists().execute();
}
