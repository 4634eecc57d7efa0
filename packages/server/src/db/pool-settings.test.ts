import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { testDialects } from '../testing/test-db.js';
import { createDb, type Db } from './database.js';

const servers = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];
const secrets = { SESSION_SECRET: 's', CRYPTO_SECRET: 'c' };

/** TEST_MYSQL_DSN (`mysql://user:pass@host:port/db`) written the way new-api deployments write it. */
function goDsnOf(url: string): string {
  const u = new URL(url);
  const auth = `${decodeURIComponent(u.username)}${u.password ? `:${decodeURIComponent(u.password)}` : ''}`;
  return `${auth}@tcp(${u.hostname}:${u.port || 3306})${u.pathname}?charset=utf8mb4&parseTime=True&loc=Local`;
}

function dsnOf(dialect: 'postgres' | 'mysql'): string {
  return dialect === 'postgres' ? process.env.TEST_PG_DSN! : goDsnOf(process.env.TEST_MYSQL_DSN!);
}

async function open(dialect: 'postgres' | 'mysql', env: Record<string, string>): Promise<Db> {
  return createDb(loadConfig({ ...secrets, SQL_DSN: dsnOf(dialect), ...env }).db);
}

async function connectionId(db: Db, dialect: string): Promise<number> {
  const query =
    dialect === 'postgres'
      ? sql<{ id: number }>`select pg_backend_pid() as id`
      : sql<{ id: number }>`select connection_id() as id`;
  return Number((await query.execute(db)).rows[0]!.id);
}

const pause = (db: Db, dialect: string, s: number) =>
  (dialect === 'postgres' ? sql`select pg_sleep(${s})` : sql`select sleep(${s})`).execute(db);

describe.runIf(servers.length > 0).each(servers)('new-api pool variables on %s', (dialect) => {
  it('connects with the DSN form new-api deployments use', async () => {
    const db = await open(dialect, {});
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('SQL_MAX_OPEN_CONNS bounds the connections open at once', async () => {
    const db = await open(dialect, { SQL_MAX_OPEN_CONNS: '1' });
    try {
      const started = Date.now();
      await Promise.all([pause(db, dialect, 0.3), pause(db, dialect, 0.3)]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(580);
    } finally {
      await db.destroy();
    }
    const wide = await open(dialect, { SQL_MAX_OPEN_CONNS: '2' });
    try {
      const started = Date.now();
      await Promise.all([pause(wide, dialect, 0.3), pause(wide, dialect, 0.3)]);
      expect(Date.now() - started).toBeLessThan(580);
    } finally {
      await wide.destroy();
    }
  });

  it('SQL_MAX_LIFETIME replaces a connection once it is that many seconds old', async () => {
    const db = await open(dialect, { SQL_MAX_OPEN_CONNS: '1', SQL_MAX_LIFETIME: '1' });
    const kept = await open(dialect, { SQL_MAX_OPEN_CONNS: '1' });
    try {
      const first = await connectionId(db, dialect);
      const keptFirst = await connectionId(kept, dialect);
      await sleep(1_300);
      expect(await connectionId(db, dialect)).not.toBe(first);
      // The default, 60 s, keeps it.
      expect(await connectionId(kept, dialect)).toBe(keptFirst);
    } finally {
      await db.destroy();
      await kept.destroy();
    }
  });

  it.runIf(dialect === 'mysql')('SQL_MAX_IDLE_CONNS=0 keeps no idle connection', async () => {
    const db = await open(dialect, { SQL_MAX_IDLE_CONNS: '0', SQL_MAX_LIFETIME: '0' });
    try {
      const first = await connectionId(db, dialect);
      await sleep(1_500);
      expect(await connectionId(db, dialect)).not.toBe(first);
    } finally {
      await db.destroy();
    }
  });
});
