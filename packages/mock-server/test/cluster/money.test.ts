import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReplyScript } from '../../src/index.js';
import { testDialects } from '../../src/server-api.js';
import { flushAll, ledgerOf, signIn, startNodes, type Cluster } from './nodes.js';

const dialects = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];

const client = (url: string, key: string) =>
  new OpenAI({ apiKey: `sk-${key}`, baseURL: `${url}/v1`, maxRetries: 0, timeout: 30_000 });

async function streamed(c: OpenAI, extra: Partial<OpenAI.ChatCompletionCreateParamsStreaming> = {}) {
  const stream = await c.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
    stream: true,
    ...extra,
  });
  for await (const chunk of stream) void chunk;
}

const plain = (c: OpenAI) =>
  c.chat.completions.create({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Write at length' }],
  });

/** A two-word prompt, at most 100 tokens back, on a model priced high enough that rounding does not matter. */
const short = {
  model: 'gpt-4o',
  max_tokens: 100,
  messages: [{ role: 'user' as const, content: 'Hi there' }],
};

const served = (results: PromiseSettledResult<unknown>[]) => {
  const refused = results.filter((r) => r.status === 'rejected');
  for (const r of refused) expect((r.reason as { status?: number }).status, String(r.reason)).toBe(403);
  return results.length - refused.length;
};

describe.skipIf(dialects.length === 0).each(dialects)('two nodes on one %s database', (dialect) => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startNodes({ dialect, count: 2 });
  }, 60_000);
  afterAll(() => cluster?.close(), 30_000);

  it(
    'never serves past a user’s balance across both nodes, and logs every unit taken',
    { timeout: 90_000 },
    async () => {
      setReplyScript({ words: 400 });
      const start = 30_000;
      const { userId, tokenId, key } = await cluster.account(start);
      const clients = cluster.nodes.map((n) => client(n.url, key));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          i % 4 < 2 ? streamed(clients[i % 2]!) : plain(clients[i % 2]!),
        ),
      );
      const ok = served(results);
      await flushAll(cluster);
      const l = await ledgerOf(cluster.db, userId, tokenId);
      expect(ok).toBeGreaterThan(0);
      expect(l.logs).toBe(ok);
      expect(l.quota).toBeGreaterThanOrEqual(0);
      expect(l.quota + l.logged).toBe(start);
      expect(l.writtenOff).toBe(0);
    },
  );

  it('holds a limited token to its own balance across both nodes', { timeout: 90_000 }, async () => {
    setReplyScript({ words: 400 });
    const tokenStart = 20_000;
    const { userId, tokenId, key } = await cluster.account(10_000_000, tokenStart);
    const clients = cluster.nodes.map((n) => client(n.url, key));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? streamed(clients[i % 2]!) : plain(clients[i % 2]!))),
    );
    const ok = served(results);
    await flushAll(cluster);
    const l = await ledgerOf(cluster.db, userId, tokenId);
    expect(ok).toBeGreaterThan(0);
    expect(l.remain).toBeGreaterThanOrEqual(0);
    expect(l.remain + l.logged).toBe(tokenStart);
    expect(l.quota + l.logged).toBe(10_000_000);
    expect(l.writtenOff).toBe(0);
  });

  it(
    'an admin lowering a balance below what both nodes have in flight: never below zero, every unit on record',
    { timeout: 90_000 },
    async () => {
      // Streams long enough (~1 s) to be in flight on both nodes when the balance drops under what they cost.
      setReplyScript({ words: 200, eventDelayMs: 4 });
      const start = 5_000_000;
      const lowered = 50;
      const { userId, tokenId, key } = await cluster.account(start);
      const clients = cluster.nodes.map((n) => client(n.url, key));
      const root = await signIn(cluster.nodes[0]!.url, 'root', 'root-password-1');
      const inFlight = Promise.allSettled(Array.from({ length: 20 }, (_, i) => streamed(clients[i % 2]!)));
      await new Promise((r) => setTimeout(r, 300));
      const set = await root.on(cluster.nodes[1]!.url)('PUT', '/api/user/', { id: userId, quota: lowered });
      expect(set.success).toBe(true);
      const ok = served(await inFlight);
      await flushAll(cluster);

      const { quota } = await ledgerOf(cluster.db, userId, tokenId);
      const logs = await cluster.db
        .selectFrom('logs')
        .select(['id', 'type', 'quota', 'other'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const manage = logs.find((l) => Number(l.type) === 3)!;
      const consumed = logs.filter((l) => Number(l.type) === 2);
      const sum = (rows: typeof logs) => rows.reduce((n, l) => n + Number(l.quota), 0);
      const before = consumed.filter((l) => l.id < manage.id);
      const after = consumed.filter((l) => l.id > manage.id);
      // What the admin replaced is exactly what the earlier charges had left...
      const audit = await cluster.db
        .selectFrom('audit_logs')
        .select('before')
        .where('target_type', '=', 'user')
        .where('target_id', '=', String(userId))
        .where('action', '=', 'user.update')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before ?? 'null').quota).toBe(start - sum(before));
      // ...and what was charged after it is exactly what the balance lost since, never more than it had.
      expect(quota).toBeGreaterThanOrEqual(0);
      expect(quota + sum(after)).toBe(lowered);
      expect(consumed).toHaveLength(ok);
      // Requests admitted before the drop cost more than 50 in all: the difference is on record, not lost.
      const uncapped = after.filter((l) => l.other.includes('uncapped_quota'));
      expect(after.length).toBeGreaterThan(0);
      expect(uncapped.length).toBeGreaterThan(0);
      for (const l of uncapped)
        expect(JSON.parse(l.other).uncapped_quota).toBeGreaterThanOrEqual(Number(l.quota));
    },
  );

  it(
    'serves at least 15 of 50 short streams that the balance pays about 20 of',
    { timeout: 90_000 },
    async () => {
      setReplyScript({});
      // One answer of the fake upstream (12 words, max_tokens 100) to a two-word prompt costs about this much.
      const probe = await cluster.account(1_000_000);
      await streamed(client(cluster.nodes[0]!.url, probe.key), short);
      await flushAll(cluster);
      const one = 1_000_000 - (await ledgerOf(cluster.db, probe.userId, probe.tokenId)).quota;
      const start = one * 20;
      const { userId, tokenId, key } = await cluster.account(start);
      const clients = cluster.nodes.map((n) => client(n.url, key));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => streamed(clients[i % 2]!, short)),
      );
      const ok = served(results);
      await flushAll(cluster);
      const l = await ledgerOf(cluster.db, userId, tokenId);
      expect(one).toBeGreaterThan(50);
      expect(ok).toBeGreaterThanOrEqual(15);
      expect(l.quota + l.logged).toBe(start);
      expect(l.quota).toBeGreaterThanOrEqual(0);
    },
  );
});
