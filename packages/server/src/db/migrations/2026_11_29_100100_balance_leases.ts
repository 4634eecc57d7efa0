import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * Slices of a balance that one node may spend without asking the others (relay/billing/leases.ts): per user
 * (`u`) and per limited token (`t`), per node, until `expires_at`. A live slice counts against the balance for
 * every other node, so the slices together never exceed it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('balance_leases')
    .addColumn('kind', sql.raw('varchar(1)'), (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('node', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_balance_leases', ['kind', 'owner_id', 'node'])
    .execute();
  await db.schema.createIndex('idx_balance_leases_node').on('balance_leases').column('node').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('balance_leases').ifExists().execute();
}
