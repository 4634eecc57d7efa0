import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  insertReturningId,
  openTestDb,
  rebuildAbilities,
  SecretBox,
  startServerProcess,
  type Db,
  type ServerProcess,
} from '../../src/server-api.js';
import { startOpenAiUpstream, type OpenAiUpstream } from '../../src/index.js';

const SECRET = 'cluster-test-secret-0123456789abcdef';

/** One Switchboard process among several on one database. */
export interface Node {
  readonly name: string;
  url: string;
  /** Its data folder (which holds its name among the nodes, `node-id`). */
  readonly dataDir: string;
  proc: ServerProcess;
  /** Starts it again on the same port and data folder (a restart of the same node). */
  restart(): Promise<void>;
  /** SIGTERM, then waits for it to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

export interface Cluster {
  db: Db;
  nodes: Node[];
  upstream: OpenAiUpstream;
  /** A user with `quota`, and a key (limited to `tokenQuota` when given), ready for the relay. */
  account(quota: number, tokenQuota?: number): Promise<{ userId: number; tokenId: number; key: string }>;
  close(): Promise<void>;
}

/**
 * Real server processes (main.ts) on one throwaway PostgreSQL schema or MySQL database, each with its own data
 * folder (so its own journal and node name), behind nothing: tests pick a node per request. One fake OpenAI
 * upstream serves them all through one channel.
 */
export async function startNodes(opts: {
  dialect: 'postgres' | 'mysql';
  count: number;
  env?: Record<string, string>;
  /** More channels, in the database before the nodes start (keys sealed as the nodes read them). */
  channels?: { name: string; type: number; baseUrl: string; key: string; models: string[] }[];
}): Promise<Cluster> {
  const testDb = await openTestDb(opts.dialect);
  const upstream = await startOpenAiUpstream();
  const row = {
    type: 1,
    key: new SecretBox(SECRET).seal('sk-upstream'),
    name: 'upstream',
    status: 1,
    base_url: upstream.url,
    models: 'gpt-4o-mini,gpt-4o',
    group: 'default',
    priority: 0,
    weight: 1,
    model_mapping: '{}',
    tag: '',
    auto_ban: 0,
  };
  const channelId = await insertReturningId(testDb.db, 'channels', row);
  await rebuildAbilities(testDb.db, [{ id: channelId, ...row }]);
  for (const c of opts.channels ?? []) {
    const extra = {
      ...row,
      type: c.type,
      key: new SecretBox(SECRET).seal(c.key),
      name: c.name,
      base_url: c.baseUrl,
      models: c.models.join(','),
    };
    const id = await insertReturningId(testDb.db, 'channels', extra);
    await rebuildAbilities(testDb.db, [{ id, ...extra }]);
  }
  const nodes: Node[] = [];
  for (let i = 0; i < opts.count; i++) {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), `swb-node${i}-`));
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SQL_DSN: testDb.url!,
      DATA_DIR: dataDir,
      CRYPTO_SECRET: SECRET,
      SESSION_SECRET: SECRET,
      INITIAL_ROOT_PASSWORD: 'root-password-1',
      WEB_SSR: 'false',
      WEB_DIST: join(dataDir, 'no-console'),
      GLOBAL_API_RATE_LIMIT: '100000',
      CRITICAL_RATE_LIMIT: '100000',
      ...opts.env,
    };
    const node: Node = {
      name: `node${i}`,
      dataDir,
      url: `http://127.0.0.1:${port}`,
      proc: startServerProcess(env),
      async restart() {
        node.proc = startServerProcess(env);
        await node.proc.ready;
      },
      async stop() {
        node.proc.child.kill('SIGTERM');
        return node.proc.exited;
      },
      async kill() {
        node.proc.child.kill('SIGKILL');
        await node.proc.exited;
      },
    };
    nodes.push(node);
  }
  await Promise.all(nodes.map((n) => n.proc.ready));
  let accounts = 0;
  return {
    db: testDb.db,
    nodes,
    upstream,
    async account(quota, tokenQuota) {
      const name = `c${++accounts}_${Math.random().toString(36).slice(2, 8)}`;
      const userId = await insertReturningId(testDb.db, 'users', { username: name, password: 'x', quota });
      const key = `k${Math.random().toString(36).slice(2)}${accounts}`.padEnd(48, 'q');
      const tokenId = await insertReturningId(testDb.db, 'tokens', {
        user_id: userId,
        key,
        name,
        ...(tokenQuota === undefined ? { unlimited_quota: 1 } : { remain_quota: tokenQuota }),
      });
      return { userId, tokenId, key };
    },
    async close() {
      for (const n of nodes)
        if (n.proc.child.exitCode === null && n.proc.child.signalCode === null) await n.kill();
      await upstream.close();
      await testDb.close();
    },
  };
}

/** Balances and consume logs of an account, as the database holds them once the nodes have written. */
export async function ledgerOf(db: Db, userId: number, tokenId: number) {
  const user = await db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = await db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', tokenId)
    .executeTakeFirstOrThrow();
  const logs = await db
    .selectFrom('logs')
    .select(['quota', 'other'])
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .execute();
  return {
    quota: Number(user.quota),
    remain: Number(token.remain_quota),
    logs: logs.length,
    logged: logs.reduce((n, l) => n + Number(l.quota), 0),
    writtenOff: logs.filter((l) => l.other.includes('uncapped_quota')).length,
  };
}

/** Every node writes what it has settled (an /api request flushes first), so the database holds it all. */
export async function flushAll(cluster: Cluster): Promise<void> {
  await Promise.all(
    cluster.nodes
      .filter((n) => n.proc.child.exitCode === null && n.proc.child.signalCode === null)
      .map((n) => fetch(`${n.url}/api/status`).then((r) => r.arrayBuffer())),
  );
}

/** A signed-in session on one node: `api(method, path, body)` answers the parsed envelope. */
export async function signIn(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success: boolean; message: string; data: { id: number } };
  if (!body.success) throw new Error(`login ${username}: ${body.message}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
  const headers = { cookie, 'new-api-user': String(body.data.id), 'content-type': 'application/json' };
  return {
    id: body.data.id,
    /** The same session sent to another node (sessions live in the database). */
    on(other: string) {
      return async (method: string, path: string, payload?: unknown) =>
        (await (
          await fetch(`${other}${path}`, {
            method,
            headers,
            ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
          })
        ).json()) as { success: boolean; message: string; data?: unknown };
    },
  };
}

/** Milliseconds until `check` holds, polling every 10 ms; throws past `ms`. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
