import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/** A user's order history reads `top_ups` by user (new-api indexes the column too). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_top_ups_user_id').on('top_ups').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Only MySQL names the table in DROP INDEX; PostgreSQL and SQLite refuse it.
  const drop = db.schema.dropIndex('idx_top_ups_user_id');
  await (dialectOf(db) === 'mysql' ? drop.on('top_ups') : drop).execute();
}
