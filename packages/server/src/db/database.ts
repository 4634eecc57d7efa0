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
import { goMysqlDsnToUrl } from './go-mysql-dsn.js';
import { agedMysqlPool } from './mysql-pool.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

type SqliteHandle = BetterSqlite3.Database;
const sqliteHandles = new WeakMap<object, SqliteHandle>();

/**
 * The better-sqlite3 handle under a SQLite database, for the few hot paths that run cached prepared statements
 * (through `db.connection()`, so Kysely's own transactions never interleave). Undefined on other dialects.
 */
export const sqliteHandleOf = (db: Db): SqliteHandle | undefined => sqliteHandles.get(db);

/** new-api's `SQL_MAX_*` pool settings, as Go's database/sql applies them. */
export interface PoolSettings {
  /** `SQL_MAX_OPEN_CONNS`: connections open at once. */
  maxOpen: number;
  /** `SQL_MAX_IDLE_CONNS`: idle connections kept (MySQL; PostgreSQL's pool closes idle ones after 10 s). */
  maxIdle: number;
  /** `SQL_MAX_LIFETIME`: seconds a connection is used before it is replaced; 0 for no limit. */
  lifetimeS: number;
}

export interface DbTarget {
  dialect: DialectName;
  /** A file path or ':memory:' for SQLite; a `postgres://` or `mysql://` URL for the others. */
  url: string;
  /** Connections open at once (10 by default); `pool` replaces it when given. */
  maxConnections?: number;
  pool?: PoolSettings;
}

/**
 * Picks the dialect the way new-api reads SQL_DSN: `postgres://` → PostgreSQL, `local…` or empty → SQLite,
 * anything else a MySQL DSN in Go's form (`user:pass@tcp(host:3306)/db?parseTime=true`). `mysql://` and
 * `mariadb://` URLs are taken too.
 */
export function dbTargetFromEnv(sqlDsn: string | undefined, sqlitePath: string): DbTarget {
  const dsn = (sqlDsn ?? '').trim();
  if (dsn.startsWith('postgres://') || dsn.startsWith('postgresql://'))
    return { dialect: 'postgres', url: dsn };
  if (dsn.startsWith('mysql://') || dsn.startsWith('mariadb://')) {
    return { dialect: 'mysql', url: dsn.replace(/^mariadb:/, 'mysql:') };
  }
  if (dsn === '' || dsn.startsWith('local')) return { dialect: 'sqlite', url: sqlitePath };
  try {
    return { dialect: 'mysql', url: goMysqlDsnToUrl(dsn) };
  } catch (e) {
    // The DSN itself is left out: it may hold a password.
    throw new Error(
      `SQL_DSN is not postgres://…, local, a mysql:// URL or a MySQL DSN such as ` +
        `user:pass@tcp(host:3306)/db: ${(e as Error).message}`,
      { cause: e },
    );
  }
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

async function postgresDialect(url: string, pool: PoolSettings): Promise<Dialect> {
  const pg = await import('pg');
  // int8 and numeric arrive as strings by default; every value we store fits a JS number.
  pg.default.types.setTypeParser(20, (v) => Number(v));
  pg.default.types.setTypeParser(1700, (v) => Number(v));
  return new PostgresDialect({
    pool: new pg.default.Pool({
      connectionString: url,
      max: pool.maxOpen,
      maxLifetimeSeconds: pool.lifetimeS,
    }),
  });
}

async function mysqlDialect(url: string, settings: PoolSettings): Promise<Dialect> {
  const mysql = await import('mysql2');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: settings.maxOpen,
    maxIdle: Math.min(settings.maxIdle, settings.maxOpen),
    decimalNumbers: true,
    supportBigNumbers: true,
  });
  return new MysqlDialect({ pool: agedMysqlPool(pool, settings.lifetimeS) });
}

/** Opens the database; callers run `migrateToLatest` next. */
export async function createDb(target: DbTarget): Promise<Db> {
  const max = target.maxConnections ?? 10;
  const pool = target.pool ?? { maxOpen: max, maxIdle: max, lifetimeS: 0 };
  if (target.dialect === 'sqlite') {
    const dialect = await sqliteDialect(target.url);
    const db = new Kysely<Database>({ dialect });
    sqliteHandles.set(db, dialect.handle);
    return db;
  }
  const dialect =
    target.dialect === 'postgres'
      ? await postgresDialect(target.url, pool)
      : await mysqlDialect(target.url, pool);
  return new Kysely<Database>({ dialect });
}
