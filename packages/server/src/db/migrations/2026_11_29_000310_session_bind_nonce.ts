import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * A one-time nonce per login session for binding Telegram: the widget's redirect comes from telegram.org,
 * which a SameSite=Strict session cookie does not follow, so the nonce in the redirect names the session.
 * Stored as SHA-256, like the session id; '' when none is pending.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('bind_nonce', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('bind_nonce_expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_sessions_bind_nonce').on('sessions').column('bind_nonce').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Only MySQL names the table in DROP INDEX; PostgreSQL and SQLite refuse it.
  const drop = db.schema.dropIndex('idx_sessions_bind_nonce');
  await (dialectOf(db) === 'mysql' ? drop.on('sessions') : drop).execute();
  await db.schema.alterTable('sessions').dropColumn('bind_nonce_expires_at').execute();
  await db.schema.alterTable('sessions').dropColumn('bind_nonce').execute();
}
