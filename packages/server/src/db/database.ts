import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import type { DialectName } from './dialect.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

type SqliteHandle = BetterSqlite3.Database;
const sqliteHandles = new WeakMap<object, SqliteHandle>();

/**
 * The better-sqlite3 handle under a SQLite database, for the few hot paths that run cached prepared statements
 * (through `db.connection()`, so Kysely's own transactions never interleave). Undefined on other dialects.
 */
export const sqliteHandleOf = (db: Db): SqliteHandle | undefined => sqliteHandles.get(db);

export interface DbTarget {
  dialect: DialectName;
  /** A file path or ':memory:' for SQLite; a DSN for the others. */
  url: string;
  maxConnections?: number;
}

/** Picks the dialect the way new-api reads SQL_DSN: postgres:// → PostgreSQL, mysql:// → MySQL, else SQLite. */
export function dbTargetFromEnv(sqlDsn: string | undefined, sqlitePath: string): DbTarget {
  const dsn = (sqlDsn ?? '').trim();
  if (dsn.startsWith('postgres://') || dsn.startsWith('postgresql://'))
    return { dialect: 'postgres', url: dsn };
  if (dsn.startsWith('mysql://') || dsn.startsWith('mariadb://')) {
    return { dialect: 'mysql', url: dsn.replace(/^mariadb:/, 'mysql:') };
  }
  if (dsn === '' || dsn.startsWith('local')) return { dialect: 'sqlite', url: sqlitePath };
  throw new Error(`SQL_DSN must start with postgres:// or mysql:// (or be empty for SQLite), got "${dsn}"`);
}

/**
 * Transactions take SQLite's write lock when they begin. The settlement worker writes through a second
 * connection; a deferred transaction that read before that commit and wrote after it would fail at once with
 * SQLITE_BUSY_SNAPSHOT, where an immediate one waits its turn (busy_timeout).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

async function sqliteDialect(path: string): Promise<Dialect & { handle: SqliteHandle }> {
  const { default: SQLite } = await import('better-sqlite3');
  const database = new SQLite(path);
  // WAL lets readers run beside the writer; the busy timeout turns "database is locked" into a short wait.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  return Object.assign(new ImmediateSqliteDialect({ database }), { handle: database });
}

async function postgresDialect(url: string, max: number): Promise<Dialect> {
  const pg = await import('pg');
  // int8 and numeric arrive as strings by default; every value we store fits a JS number.
  pg.default.types.setTypeParser(20, (v) => Number(v));
  pg.default.types.setTypeParser(1700, (v) => Number(v));
  return new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url, max }) });
}

async function mysqlDialect(url: string, max: number): Promise<Dialect> {
  const mysql = await import('mysql2');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: max,
    decimalNumbers: true,
    supportBigNumbers: true,
  });
  return new MysqlDialect({ pool });
}

/** Opens the database; callers run `migrateToLatest` next. */
export async function createDb(target: DbTarget): Promise<Db> {
  const max = target.maxConnections ?? 10;
  if (target.dialect === 'sqlite') {
    const dialect = await sqliteDialect(target.url);
    const db = new Kysely<Database>({ dialect });
    sqliteHandles.set(db, dialect.handle);
    return db;
  }
  const dialect =
    target.dialect === 'postgres'
      ? await postgresDialect(target.url, max)
      : await mysqlDialect(target.url, max);
  return new Kysely<Database>({ dialect });
}
