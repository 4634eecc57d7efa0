import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import type { DialectName } from '../db/dialect.js';
import { bootstrapRoot } from '../modules/users/bootstrap.js';
import { hashPassword } from '../modules/users/password.js';
import { insertReturningId } from '../db/insert-id.js';
import { openTestDb } from './test-db.js';
import type { Cluster } from '../cluster/cluster.js';
import type { Db } from '../db/database.js';

/** A configuration for tests: no files written, rate limits high unless a test lowers them. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    db: { dialect: 'sqlite', url: ':memory:' },
    sessionSecret: 'test-session-secret-0123456789abcdef',
    cryptoSecret: 'test-crypto-secret',
    initialRootPassword: undefined,
    globalApiRateLimit: { enabled: true, count: 100_000, durationS: 180 },
    criticalRateLimit: { enabled: true, count: 100_000, durationS: 1200 },
    globalWebRateLimit: { enabled: true, count: 100_000, durationS: 180 },
    bodyLimit: 1024 * 1024,
    apiBodyLimit: 1024 * 1024,
    connections: {
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      perAddress: 256,
    },
    webDist: undefined,
    webSsr: false,
    trustProxy: false,
    redisUrl: undefined,
    ...overrides,
  };
}

/** Headers that authenticate as one user: the session cookie plus the mandatory New-Api-User. */
export interface Caller {
  id: number;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
  /** A request in process through the server's front door (the relay's chat routes first, then Fastify). */
  call(opts: InjectOptions): Promise<
    LightMyRequestResponse & {
      body: string; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index into arbitrary bodies
      json: () => any;
    }
  >;
  login(username: string, password: string): Promise<Caller>;
  /** Creates a user directly in the database (role 1 unless given) and logs it in. */
  userWithRole(role: number, extra?: { username?: string; quota?: number; group?: string }): Promise<Caller>;
  root(): Promise<Caller>;
}

let counter = 0;

export async function createTestApp(
  opts: {
    dialect?: DialectName;
    config?: Partial<Config>;
    now?: () => number;
    /** A database another test app already uses: a second node on it (see testing/test-cluster.ts). */
    shared?: { db: Db; close(): Promise<void> };
    /** `LOG_SQL_DSN`'s database (migrated); the caller closes it. */
    logDb?: Db;
  } = {},
): Promise<TestApp & { cluster: Cluster }> {
  const testDb = opts.shared ?? (await openTestDb(opts.dialect ?? 'sqlite'));
  const { app, ctx, cluster, inject } = await buildApp({
    db: testDb.db,
    ...(opts.logDb ? { logDb: opts.logDb } : {}),
    config: testConfig(opts.config),
    now: opts.now,
  });
  await bootstrapRoot(ctx);
  await app.ready();
  const call: TestApp['call'] = (o) => inject(o) as never;
  const login = async (username: string, password: string): Promise<Caller> => {
    const res = await inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    const body = res.json();
    if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
    const cookie = res.cookies.find((c) => c.name === 'session');
    return {
      id: body.data.id,
      headers: { cookie: `session=${cookie!.value}`, 'new-api-user': String(body.data.id) },
    };
  };
  return {
    app,
    ctx,
    cluster,
    call,
    login,
    root: () => login('root', '123456'),
    async userWithRole(role, extra = {}) {
      const username = extra.username ?? `u${++counter}_${role}`;
      await insertReturningId(testDb.db, 'users', {
        username,
        password: await hashPassword('password123'),
        role,
        quota: extra.quota ?? 0,
        group: extra.group ?? 'default',
      });
      return login(username, 'password123');
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}
