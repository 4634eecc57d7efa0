import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * What new-api keeps in its cookie session before anyone logs in: the pending OAuth state with its invitation
 * code, and whether this browser passed Turnstile. Kept server-side so a state works once, on any node.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visitor_sessions')
    .addColumn('id', sql.raw('varchar(64)'), (c) => c.primaryKey())
    .addColumn('oauth_state', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo(''))
    .addColumn('oauth_state_expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff', sql.raw('varchar(32)'), (c) => c.notNull().defaultTo(''))
    .addColumn('turnstile_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('idx_visitor_sessions_expires_at')
    .on('visitor_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visitor_sessions').ifExists().execute();
}
