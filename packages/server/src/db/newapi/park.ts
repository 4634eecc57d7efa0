import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { quoterOf } from './introspect.js';
import { parked, TARGET_TABLES } from './target-schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- works on the raw schema */

/** Whether an adopted table has an `id` column (all but abilities and options). */
export const hasId = (table: string) => TARGET_TABLES[table]?.some((c) => c.kind === 'id') ?? false;

/**
 * Moves new-api's tables aside (`users` → `newapi_users`) so that Switchboard's can be created under their names.
 * MySQL renames them all in one atomic statement. Index names are per schema on PostgreSQL and SQLite, and GORM's
 * (`idx_users_username`) are ours too: PostgreSQL's are renamed along, with the primary keys and id sequences
 * (so ours get their plain names), SQLite's dropped (it cannot rename an index; the tables go at the end anyway).
 */
export async function parkTables(db: Kysely<any>, dialect: DialectName, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const q = quoterOf(dialect);
  if (dialect === 'mysql') {
    await sql.raw(`RENAME TABLE ${tables.map((t) => `${q(t)} TO ${q(parked(t))}`).join(', ')}`).execute(db);
    return;
  }
  for (const table of tables) {
    await sql.raw(`ALTER TABLE ${q(table)} RENAME TO ${q(parked(table))}`).execute(db);
    if (dialect === 'sqlite') {
      const named = await sql<{ name: string }>`select name from sqlite_master
        where type = 'index' and tbl_name = ${parked(table)} and sql is not null`.execute(db);
      for (const { name } of named.rows) await sql.raw(`DROP INDEX ${q(name)}`).execute(db);
      continue;
    }
    const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = current_schema() and tablename = ${parked(table)}`.execute(db);
    for (const { name } of indexes.rows) {
      if (!name.startsWith('newapi_'))
        await sql.raw(`ALTER INDEX ${q(name)} RENAME TO ${q(parked(name))}`).execute(db);
    }
    // Asked only of tables with an id: an error would abort the whole transaction.
    if (!hasId(table)) continue;
    const seq = await sql<{
      seq: string | null;
    }>`select pg_get_serial_sequence(${q(parked(table))}, 'id') as seq`.execute(db);
    const sequence = seq.rows[0]?.seq;
    if (sequence)
      await sql.raw(`ALTER SEQUENCE ${sequence} RENAME TO ${q(parked(`${table}_id_seq`))}`).execute(db);
  }
}

/**
 * PostgreSQL's id sequences start at 1 whatever ids were copied in: each is moved past the largest, so the next
 * row gets a fresh id. (MySQL and SQLite follow explicit ids on their own.)
 */
export async function advanceSequences(db: Kysely<any>, tables: string[]): Promise<void> {
  const q = quoterOf('postgres');
  for (const table of tables.filter(hasId)) {
    await sql
      .raw(
        `SELECT setval(pg_get_serial_sequence('${q(table)}', 'id'), ` +
          `COALESCE((SELECT MAX(id) FROM ${q(table)}), 0) + 1, false)`,
      )
      .execute(db);
  }
}
