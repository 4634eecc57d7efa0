import type { Pool, PoolConnection } from 'mysql2';

type Callback = (error: NodeJS.ErrnoException | null, connection: PoolConnection) => void;

/** The part of a mysql2 pool Kysely's MysqlDialect uses. */
interface KyselyMysqlPool {
  getConnection(callback: Callback): void;
  end(callback: (error: unknown) => void): void;
}

/**
 * `SQL_MAX_LIFETIME` for mysql2, which has no lifetime of its own: as Go's `SetConnMaxLifetime`, a connection
 * older than `lifetimeS` is closed when it would next be handed out, and a fresh one is opened instead.
 */
export function agedMysqlPool(pool: Pool, lifetimeS: number): KyselyMysqlPool {
  if (lifetimeS <= 0) return pool as unknown as KyselyMysqlPool;
  const born = new WeakMap<object, number>();
  pool.on('connection', (connection) => born.set(connection, Date.now()));
  const getConnection = (callback: Callback): void => {
    pool.getConnection((error, connection) => {
      if (error) return callback(error, connection);
      const since = born.get(connection);
      if (since !== undefined && Date.now() - since >= lifetimeS * 1000) {
        connection.destroy();
        return getConnection(callback);
      }
      callback(null, connection);
    });
  };
  return { getConnection, end: (callback) => pool.end(callback) };
}
