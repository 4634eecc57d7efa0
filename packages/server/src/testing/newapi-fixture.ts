import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createDb } from '../db/database.js';
import type { DialectName } from '../db/dialect.js';
import type { Row } from './newapi-row-kit.js';
import { newApiRows, type NewApiRows } from './newapi-rows.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- new-api's schema, not ours */

/** A new-api 0.4.8 database built with its own schema, and how the server reaches it. */
export interface NewApiDatabase extends NewApiRows {
  dialect: DialectName;
  /** SQL_DSN / SQLITE_PATH as a new-api deployment sets them (MySQL in Go's DSN form). */
  env: Record<string, string>;
  /** The SQLite file. */
  file?: string;
  /** A connection of its own, for checks. */
  db: Kysely<any>;
  close(): Promise<void>;
}

const SCHEMA_DIR = join(import.meta.dirname, 'newapi-0.4.8');

/** GORM's statements of each dialect, one per line. */
const statements = (dialect: DialectName) =>
  readFileSync(join(SCHEMA_DIR, `${dialect}.sql`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('--'));

/** How each driver of new-api writes booleans and times (glebarez/sqlite: numbers and text). */
function stored(dialect: DialectName, value: Row[string]): unknown {
  if (typeof value === 'boolean') return dialect === 'postgres' ? value : value ? 1 : 0;
  if (!(value instanceof Date)) return value;
  if (dialect === 'postgres') return value;
  const iso = value.toISOString().replace('T', ' ').replace('Z', '');
  return dialect === 'mysql' ? iso : `${iso}+00:00`;
}

async function fill(db: Kysely<any>, dialect: DialectName, rows: NewApiRows): Promise<void> {
  for (const [table, list] of Object.entries(rows.tables)) {
    for (let i = 0; i < list.length; i += 200) {
      const batch = list
        .slice(i, i + 200)
        .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, stored(dialect, v)])));
      await db.insertInto(table).values(batch).execute();
    }
  }
  // PostgreSQL's sequences follow explicit ids only when told, as GORM's inserts never needed.
  if (dialect === 'postgres') {
    for (const table of Object.keys(rows.tables).filter((t) => t !== 'abilities' && t !== 'options')) {
      await sql
        .raw(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX(id) FROM "${table}"))`)
        .execute(db);
    }
  }
}

let hashes: Promise<Record<string, string>> | undefined;
/** Go's bcrypt writes `$2a$` at cost 10. */
const goHashes = () =>
  (hashes ??= Promise.all(
    ['123456', 'password123'].map(async (p) => [p, await bcrypt.hash(p, await bcrypt.genSalt(10, 'a'))]),
  ).then(Object.fromEntries));

/** Builds a new-api 0.4.8 database on `dialect` whose channels point at `upstream`. */
export async function buildNewApiDatabase(dialect: DialectName, upstream: string): Promise<NewApiDatabase> {
  const rows = newApiRows(upstream, await goHashes());
  if (dialect === 'sqlite') {
    const file = join(mkdtempSync(join(tmpdir(), 'swb-newapi-')), 'one-api.db');
    const handle = new SQLite(file);
    for (const statement of statements(dialect)) handle.exec(statement);
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: handle }) });
    await fill(db, dialect, rows);
    // new-api's file as it leaves new-api: rollback journal, no WAL.
    return {
      ...rows,
      dialect,
      file,
      env: { SQL_DSN: 'local', SQLITE_PATH: `${file}?_busy_timeout=5000` },
      db,
      close: () => db.destroy(),
    };
  }
  const name = `swb_na_${randomBytes(6).toString('hex')}`;
  const base = dialect === 'postgres' ? process.env.TEST_PG_DSN! : process.env.TEST_MYSQL_DSN!;
  const admin = await createDb({ dialect, url: base, maxConnections: 1 });
  const url = new URL(base);
  let env: Record<string, string>;
  if (dialect === 'postgres') {
    await sql`create schema ${sql.id(name)}`.execute(admin);
    url.searchParams.set('options', `-c search_path=${name}`);
    env = { SQL_DSN: url.toString() };
  } else {
    await sql`create database ${sql.id(name)} character set utf8mb4`.execute(admin);
    url.pathname = `/${name}`;
    const user =
      decodeURIComponent(url.username) + (url.password ? `:${decodeURIComponent(url.password)}` : '');
    env = {
      SQL_DSN: `${user}@tcp(${url.hostname}:${url.port || 3306})/${name}?charset=utf8mb4&parseTime=True&loc=Local`,
    };
  }
  const db = await createDb({ dialect, url: url.toString(), maxConnections: 2 });
  for (const statement of statements(dialect)) await sql.raw(statement).execute(db);
  await fill(db, dialect, rows);
  return {
    ...rows,
    dialect,
    env,
    db,
    close: async () => {
      await db.destroy();
      const drop =
        dialect === 'postgres'
          ? sql`drop schema if exists ${sql.id(name)} cascade`
          : sql`drop database if exists ${sql.id(name)}`;
      await drop.execute(admin);
      await admin.destroy();
    },
  };
}
