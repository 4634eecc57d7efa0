import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../db/database.js';
import type { DialectName } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDb {
  db: Db;
  dialect: DialectName;
  /** Another connection pool to the same database, as a second node would have (not for in-memory SQLite). */
  connect?: () => Promise<Db>;
  /** The database's SQL_DSN, for server processes (not for in-memory SQLite). */
  url?: string;
  /** PostgreSQL: the schema this database lives in (introspection lists every schema's tables). */
  schema?: string;
  close(): Promise<void>;
}

/**
 * The dialects this run covers: SQLite always; PostgreSQL and MySQL when TEST_PG_DSN / TEST_MYSQL_DSN are set
 * (.ci/run sets both).
 */
export function testDialects(): DialectName[] {
  const list: DialectName[] = ['sqlite'];
  if (process.env.TEST_PG_DSN) list.push('postgres');
  if (process.env.TEST_MYSQL_DSN) list.push('mysql');
  return list;
}

/** A fresh, migrated database: in-memory SQLite, or a throw-away schema / database on the shared server. */
export async function openTestDb(dialect: DialectName = 'sqlite'): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const db = await createDb({ dialect, url: ':memory:' });
    await migrateToLatest(db);
    return { db, dialect, close: () => db.destroy() };
  }
  const name = `swb_t_${randomBytes(6).toString('hex')}`;
  if (dialect === 'postgres') {
    const base = process.env.TEST_PG_DSN!;
    const admin = await createDb({ dialect, url: base, maxConnections: 1 });
    await admin.schema.createSchema(name).execute();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${name}`);
    const db = await createDb({ dialect, url: url.toString() });
    await introspecting(() => migrateToLatest(db, { schema: name }));
    return {
      db,
      dialect,
      connect: () => createDb({ dialect, url: url.toString() }),
      url: url.toString(),
      schema: name,
      close: async () => {
        await db.destroy();
        await admin.schema.dropSchema(name).ifExists().cascade().execute();
        await admin.destroy();
      },
    };
  }
  const base = process.env.TEST_MYSQL_DSN!;
  const admin = await createDb({ dialect, url: base, maxConnections: 1 });
  const { sql } = await import('kysely');
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await createDb({ dialect, url: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    dialect,
    connect: () => createDb({ dialect, url: url.toString() }),
    url: url.toString(),
    close: async () => {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      await admin.destroy();
    },
  };
}

/**
 * Kysely's PostgreSQL introspection reads every schema's tables; another test dropping its schema at that moment
 * fails the query with "schema … does not exist". Such a failure says nothing about ours: try again.
 */
async function introspecting<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 5 || !/does not exist/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}
