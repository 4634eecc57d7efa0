import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * State that several nodes on one database share, so that a load balancer needs no sticky sessions: the change
 * feed every node's caches follow, leases of the periodic jobs one node runs at a time, mailed codes and reset
 * links, and the notification counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const events = db.schema.createTable('cluster_events');
  await (
    dialectOf(db) === 'postgres'
      ? events.addColumn('id', 'serial', (c) => c.primaryKey())
      : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', sql.raw('varchar(16)'), (c) => c.notNull())
    .addColumn('ids', 'text', (c) => c.notNull())
    .addColumn('origin', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_cluster_events_created_at')
    .on('cluster_events')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', sql.raw('varchar(64)'), (c) => c.primaryKey())
    .addColumn('holder', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', sql.raw('varchar(64)'), (c) => c.primaryKey())
    .addColumn('code', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_verification_codes_issued_at')
    .on('verification_codes')
    .column('issued_at')
    .execute();

  await db.schema
    .createTable('notify_counts')
    .addColumn('id', sql.raw('varchar(128)'), (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_notify_counts_since').on('notify_counts').column('since').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cluster_events', 'job_leases', 'verification_codes', 'notify_counts'])
    await db.schema.dropTable(table).ifExists().execute();
}
