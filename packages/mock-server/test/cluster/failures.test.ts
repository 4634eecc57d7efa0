import OpenAI from 'openai';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setReplyScript } from '../../src/index.js';
import { testDialects } from '../../src/server-api.js';
import { startBalancer } from './balancer.js';
import { flushAll, ledgerOf, signIn, startNodes, within, type Cluster } from './nodes.js';
import { startRedis } from './redis-server.js';

const hasPg = testDialects().includes('postgres');

const ask = (c: OpenAI, i: number) =>
  i % 2
    ? c.chat.completions
        .create({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'Write at length' }],
        })
        .then(async (s) => {
          for await (const chunk of s) void chunk;
        })
    : c.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Write at length' }],
      });

/** Requests, `parallel` at a time, until `stop()`: how many were served and how each failure read. */
function load(c: OpenAI, parallel: number) {
  let running = true;
  let served = 0;
  const failures: string[] = [];
  const workers = Array.from({ length: parallel }, async (_, w) => {
    for (let i = w; running; i += parallel) {
      try {
        await ask(c, i);
        served++;
      } catch (err) {
        failures.push(String(err));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return { served, failures };
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!hasPg)('nodes that crash, restart and lose Redis', { timeout: 120_000 }, () => {
  let cluster: Cluster | undefined;
  afterEach(() => setReplyScript({}));
  afterAll(async () => {
    await cluster?.close();
  }, 30_000);

  it('loses no settled bill and bills none twice when a node is killed mid-burst', async () => {
    cluster = await startNodes({ dialect: 'postgres', count: 2 });
    // Streams of about two seconds: the node dies with half of them under way.
    setReplyScript({ words: 100, eventDelayMs: 20 });
    const start = 5_000_000;
    const { userId, tokenId, key } = await cluster.account(start);
    const clients = cluster.nodes.map(
      (n) => new OpenAI({ apiKey: `sk-${key}`, baseURL: `${n.url}/v1`, maxRetries: 0, timeout: 20_000 }),
    );
    const burst = Promise.allSettled(Array.from({ length: 40 }, (_, i) => ask(clients[i % 2]!, 1 + 2 * i)));
    await sleep(800);
    await cluster.nodes[0]!.kill();
    const results = await burst;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    // The same node starts again on its data folder: its journal is replayed, its old slices dropped.
    await cluster.nodes[0]!.restart();
    await flushAll(cluster);
    const l = await ledgerOf(cluster.db, userId, tokenId);
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(40);
    expect(l.logs).toBeGreaterThanOrEqual(ok);
    expect(l.logs).toBeLessThanOrEqual(40);
    expect(l.quota + l.logged).toBe(start);
    expect(l.writtenOff).toBe(0);
    await cluster.close();
    cluster = undefined;
  });

  it('restarts both nodes one after the other under load without one failed request', async () => {
    cluster = await startNodes({ dialect: 'postgres', count: 2 });
    const nodes = cluster.nodes;
    const balancer = await startBalancer(() => nodes.map((n) => n.url));
    setReplyScript({ words: 40, eventDelayMs: 5 });
    const start = 50_000_000;
    const { userId, tokenId, key } = await cluster.account(start);
    const client = new OpenAI({
      apiKey: `sk-${key}`,
      baseURL: `${balancer.url}/v1`,
      maxRetries: 0,
      timeout: 30_000,
    });
    await sleep(300);
    const running = load(client, 8);
    for (const node of nodes) {
      await sleep(700);
      expect(await node.stop()).toBe(0);
      await node.restart();
    }
    await sleep(700);
    const { served, failures } = await running.stop();
    await balancer.close();
    await flushAll(cluster);
    const l = await ledgerOf(cluster.db, userId, tokenId);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
    expect(l.logs).toBe(served);
    expect(l.quota + l.logged).toBe(start);
    await cluster.close();
    cluster = undefined;
  });

  it('keeps serving while Redis is down, and uses it again once it is back', async () => {
    const redis = await startRedis();
    cluster = await startNodes({
      dialect: 'postgres',
      count: 2,
      env: { REDIS_CONN_STRING: redis.url, SYNC_FREQUENCY: '600' },
    });
    const [a, b] = cluster.nodes.map((n) => n.url) as [string, string];
    const balancer = await startBalancer(() => [a, b]);
    setReplyScript({ words: 40 });
    const start = 50_000_000;
    const { userId, tokenId, key } = await cluster.account(start);
    const client = new OpenAI({
      apiKey: `sk-${key}`,
      baseURL: `${balancer.url}/v1`,
      maxRetries: 0,
      timeout: 30_000,
    });
    const running = load(client, 6);
    await sleep(700);
    await redis.stop();
    const apiWhileDown = await Promise.all([a, b].map(async (u) => (await fetch(`${u}/api/status`)).status));
    await sleep(1_500);
    const back = await startRedis(redis.port);
    await sleep(700);
    const { served, failures } = await running.stop();
    await balancer.close();
    expect(apiWhileDown).toEqual([200, 200]);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(10);
    await flushAll(cluster);
    const l = await ledgerOf(cluster.db, userId, tokenId);
    expect(l.quota + l.logged).toBe(start);
    // Back in use without a restart: a change on one node reaches the other within a second again.
    const root = await signIn(a, 'root', 'root-password-1');
    const value = `back ${Date.now()}`;
    await within(
      5_000,
      async () => (await root.on(a)('PUT', '/api/option/', { key: 'SystemName', value })).success,
    );
    const ms = await within(1_000, async () => {
      const status = (await (await fetch(`${b}/api/status`)).json()) as { data: { system_name: string } };
      return status.data.system_name === value;
    });
    console.log(`after Redis came back, an option reached the other node in ${ms} ms`);
    await back.stop();
  });
});
