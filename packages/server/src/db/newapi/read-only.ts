import { existsSync } from 'node:fs';
import { Kysely, SqliteDialect } from 'kysely';
import { createDb, type DbTarget } from '../database.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- whatever schema the database holds */

/**
 * Runs `fn` on a connection that changes nothing: SQLite opened read-only (opening it as the server does would
 * already switch a new-api file to WAL), PostgreSQL and MySQL on one connection that only reads. Undefined when
 * the SQLite file does not exist yet.
 */
export async function withReadOnlyDb<T>(
  target: DbTarget,
  fn: (db: Kysely<any>) => Promise<T>,
): Promise<T | undefined> {
  let db: Kysely<any>;
  if (target.dialect === 'sqlite') {
    if (target.url === ':memory:' || !existsSync(target.url)) return undefined;
    const { default: SQLite } = await import('better-sqlite3');
    const handle = new SQLite(target.url, { readonly: true, fileMustExist: true });
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: handle }) });
  } else {
    db = await createDb({ dialect: target.dialect, url: target.url, maxConnections: 1 });
  }
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
