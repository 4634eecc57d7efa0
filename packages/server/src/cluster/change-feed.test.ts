import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-db.js';
import { createTestCluster, type TestNode } from '../testing/test-cluster.js';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shared = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];

/** Resolves once `check` holds, polling every 20 ms; fails after `ms`. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(shared.length === 0).each(shared)('change feed on %s', (dialect) => {
  describe('without Redis', () => {
    let nodes: TestNode[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ nodes, close } = await createTestCluster(2, {
        dialect,
        config: { cluster: { syncMs: 60_000, role: 'master', shutdownMs: 0 } },
      }));
    });
    afterAll(() => close());

    it('brings an option saved on one node to the other at its next read, not before', async () => {
      const [a, b] = nodes as [TestNode, TestNode];
      const root = await a.root();
      const res = await a.call({
        method: 'PUT',
        url: '/api/option/',
        headers: root.headers,
        payload: { key: 'SystemName', value: 'Node A named it' },
      });
      expect(res.json().success).toBe(true);
      expect(b.ctx.options.get('SystemName')).not.toBe('Node A named it');
      await a.cluster.published();
      await b.cluster.sync();
      expect(b.ctx.options.get('SystemName')).toBe('Node A named it');
    });

    it('tells the other node of token, user and channel changes, and not the node that made them twice', async () => {
      const [a, b] = nodes as [TestNode, TestNode];
      await a.cluster.published();
      await b.cluster.sync();
      const heard: string[] = [];
      for (const kind of ['tokens', 'users', 'channels'] as const) {
        b.ctx.events.on(kind, (ids) => heard.push(`${kind}:${ids.join(',')}`));
        a.ctx.events.on(kind, (ids) => heard.push(`a-${kind}:${ids.join(',')}`));
      }
      a.ctx.events.emit('tokens', [7]);
      a.ctx.events.emit('users', [3]);
      a.ctx.events.emit('channels', []);
      expect(heard).toEqual(['a-tokens:7', 'a-users:3', 'a-channels:']);
      await a.cluster.published();
      await within(2000, async () => {
        await b.cluster.sync();
        return heard.length >= 6;
      });
      await a.cluster.sync();
      expect(heard.slice(3)).toEqual(['tokens:7', 'users:3', 'channels:']);
    });
  });

  describe('with Redis', () => {
    let nodes: TestNode[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      // A sync period far beyond the test: only Redis's doorbell can bring the change in time.
      ({ nodes, close } = await createTestCluster(2, {
        dialect,
        config: { redisUrl: REDIS, cluster: { syncMs: 600_000, role: 'master', shutdownMs: 0 } },
      }));
      await within(2000, () => nodes.every((n) => n.cluster.redis!.up));
    });
    afterAll(() => close());

    it('brings an option to the other node within a second, by itself', async () => {
      const [a, b] = nodes as [TestNode, TestNode];
      const root = await a.root();
      await a.call({
        method: 'PUT',
        url: '/api/option/',
        headers: root.headers,
        payload: { key: 'SystemName', value: `rung ${Date.now()}` },
      });
      const ms = await within(
        1000,
        () => b.ctx.options.get('SystemName') === a.ctx.options.get('SystemName'),
      );
      expect(ms).toBeLessThan(1000);
    });
  });
});
