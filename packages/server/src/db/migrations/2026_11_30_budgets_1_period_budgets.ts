import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * Budgets that reset (relay/billing/budgets.ts): tokens and users gain a period (`''`, day, week, month,
 * rolling_day) with a quota and a request count per period; tokens also caps on requests in flight and per
 * minute. What each period has spent lives in `budget_usage`, one row per owner and period (per hour for the
 * rolling day), written in the settlements' own transaction. Nodes sharing the database admit against slices
 * of each budget (`budget_leases`, as `balance_leases` for balances), and each spend alert is recorded once per
 * period and threshold (`budget_alerts`), so that two nodes never send the same one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['tokens', 'users']) {
    await db.schema
      .alterTable(table)
      .addColumn('period', sql.raw('varchar(16)'), (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('period_quota', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('period_requests', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const column of ['max_concurrency', 'rpm_limit', 'tpm_limit'])
    await db.schema
      .alterTable('tokens')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .createTable('budget_usage')
    .addColumn('kind', sql.raw('varchar(1)'), (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('period_key', sql.raw('varchar(32)'), (c) => c.notNull())
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_requests', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_budget_usage', ['kind', 'owner_id', 'period_key'])
    .execute();
  await db.schema
    .createTable('budget_leases')
    .addColumn('lease_key', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('node', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_budget_leases', ['lease_key', 'node'])
    .execute();
  await db.schema.createIndex('idx_budget_leases_node').on('budget_leases').column('node').execute();
  await db.schema
    .createTable('budget_alerts')
    .addColumn('kind', sql.raw('varchar(1)'), (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('period_key', sql.raw('varchar(32)'), (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_budget_alerts', ['kind', 'owner_id', 'period_key', 'threshold'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('budget_alerts').ifExists().execute();
  await db.schema.dropTable('budget_leases').ifExists().execute();
  await db.schema.dropTable('budget_usage').ifExists().execute();
  for (const column of ['tpm_limit', 'rpm_limit', 'max_concurrency'])
    await db.schema.alterTable('tokens').dropColumn(column).execute();
  for (const table of ['users', 'tokens'])
    for (const column of ['period_requests', 'period_quota', 'period'])
      await db.schema.alterTable(table).dropColumn(column).execute();
}
