import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReplyScript } from '../../src/index.js';
import { testDialects } from '../../src/server-api.js';
import { flushAll, startNodes, type Cluster } from './nodes.js';
import { startRedis } from './redis-server.js';

const hasPg = testDialects().includes('postgres');
const dialects = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];

const client = (url: string, key: string) =>
  new OpenAI({ apiKey: `sk-${key}`, baseURL: `${url}/v1`, maxRetries: 0, timeout: 30_000 });

const plain = (c: OpenAI) =>
  c.chat.completions.create({
    model: 'gpt-4o-mini',
    max_tokens: 400,
    messages: [{ role: 'user', content: 'Write at length' }],
  });

async function streamed(c: OpenAI) {
  const stream = await c.chat.completions.create({
    model: 'gpt-4o-mini',
    max_tokens: 400,
    messages: [{ role: 'user', content: 'Write at length' }],
    stream: true,
  });
  for await (const chunk of stream) void chunk;
}

/** Answers served (a stream cut where its hold ended is served and billed), and the 429 codes of the rest. */
function outcome(results: PromiseSettledResult<unknown>[]) {
  let served = 0;
  const codes = new Set<string>();
  for (const r of results) {
    if (r.status === 'fulfilled' || String(r.reason).includes('was cut where')) served++;
    else {
      expect((r.reason as { status?: number }).status, String(r.reason)).toBe(429);
      codes.add((r.reason as { code: string }).code);
    }
  }
  return { served, codes: [...codes] };
}

async function budgetOf(cluster: Cluster, kind: 'u' | 't', id: number, userId: number) {
  await flushAll(cluster);
  const rows = await cluster.db
    .selectFrom('budget_usage')
    .selectAll()
    .where('kind', '=', kind)
    .where('owner_id', '=', id)
    .execute();
  const logs = await cluster.db
    .selectFrom('logs')
    .select('quota')
    .where('user_id', '=', userId)
    .where('type', '=', 2)
    .execute();
  return {
    quota: rows.reduce((n, r) => n + Number(r.used_quota), 0),
    requests: rows.reduce((n, r) => n + Number(r.used_requests), 0),
    logs: logs.length,
    logged: logs.reduce((n, l) => n + Number(l.quota), 0),
  };
}

describe.skipIf(dialects.length === 0).each(dialects)(
  'budgets on two nodes on one %s database',
  (dialect) => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startNodes({ dialect, count: 2 });
    }, 240_000);
    afterAll(() => cluster?.close(), 30_000);

    it(
      'a token day budget is never overspent across both nodes (50-way, streams and JSON)',
      { timeout: 90_000 },
      async () => {
        setReplyScript({ words: 300 });
        const budget = 2000;
        const { userId, tokenId, key } = await cluster.account(100_000_000);
        await cluster.db
          .updateTable('tokens')
          .set({ period: 'day', period_quota: budget })
          .where('id', '=', tokenId)
          .execute();
        const clients = cluster.nodes.map((n) => client(n.url, key));
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) =>
            i % 4 < 2 ? streamed(clients[i % 2]!) : plain(clients[i % 2]!),
          ),
        );
        const { served, codes } = outcome(results);
        expect(codes).toEqual(['token_period_quota_exceeded']);
        const b = await budgetOf(cluster, 't', tokenId, userId);
        expect(served).toBeGreaterThan(0);
        expect(b.logs).toBe(served);
        expect(b.requests).toBe(served);
        expect(b.quota).toBe(b.logged);
        expect(b.quota).toBeLessThanOrEqual(budget);
      },
    );

    it(
      'a user request budget admits exactly that many requests across both nodes',
      { timeout: 90_000 },
      async () => {
        setReplyScript({ words: 20 });
        const { userId, key } = await cluster.account(100_000_000);
        await cluster.db
          .updateTable('users')
          .set({ period: 'month', period_requests: 9 })
          .where('id', '=', userId)
          .execute();
        const clients = cluster.nodes.map((n) => client(n.url, key));
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) =>
            i % 4 < 2 ? streamed(clients[i % 2]!) : plain(clients[i % 2]!),
          ),
        );
        const { served, codes } = outcome(results);
        expect(codes).toEqual(['user_period_requests_exceeded']);
        expect(served).toBe(9);
        const b = await budgetOf(cluster, 'u', userId, userId);
        expect(b.requests).toBe(9);
        expect(b.quota).toBe(b.logged);
      },
    );
  },
);

describe.skipIf(!hasPg)('token caps across two nodes sharing Redis', () => {
  let cluster: Cluster;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
    cluster = await startNodes({ dialect: 'postgres', count: 2, env: { REDIS_CONN_STRING: redis.url } });
  }, 240_000);
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  }, 30_000);

  it(
    'max_concurrency counts the requests in flight on both nodes together',
    { timeout: 60_000 },
    async () => {
      setReplyScript({ words: 20 });
      cluster.upstream.setLatency(800);
      const { tokenId, key } = await cluster.account(100_000_000);
      await cluster.db.updateTable('tokens').set({ max_concurrency: 4 }).where('id', '=', tokenId).execute();
      const clients = cluster.nodes.map((n) => client(n.url, key));
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => plain(clients[i % 2]!)));
      cluster.upstream.setLatency(0);
      const { served, codes } = outcome(results);
      expect(served).toBe(4);
      expect(codes).toEqual(['token_concurrency_exceeded']);
    },
  );
});
