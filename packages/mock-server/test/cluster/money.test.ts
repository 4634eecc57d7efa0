import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setReplyScript } from '../../src/index.js';
import { testDialects } from '../../src/server-api.js';
import { flushAll, ledgerOf, startNodes, type Cluster } from './nodes.js';

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
