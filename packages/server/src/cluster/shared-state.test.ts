import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesOf } from '../modules/email/verification-codes.js';
import { DbNotifyThrottle } from '../notify/throttle.js';
import { createTestApp } from '../testing/test-app.js';
import { createTestCluster, type TestNode } from '../testing/test-cluster.js';
import { testDialects } from '../testing/test-db.js';
import { JobRunner } from './job-runner.js';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const shared = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];

describe.skipIf(shared.length === 0).each(shared)('what nodes share on %s', (dialect) => {
  let nodes: TestNode[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ nodes, close } = await createTestCluster(2, {
      dialect,
      config: {
        redisUrl: REDIS,
        globalApiRateLimit: { enabled: true, count: 30, durationS: 60 },
        // Per test run: the limiter's Redis keys are per address, and every test comes from 127.0.0.1.
        cluster: { syncMs: 60_000, role: 'master', shutdownMs: 0 },
      },
    }));
  });
  afterAll(() => close());

  it('uses a code mailed by one node on the other, once, whoever races for it', async () => {
    const [a, b] = nodes as [TestNode, TestNode];
    const now = a.ctx.now();
    const email = `race-${dialect}@example.com`;
    const issued = await codesOf(a.ctx).issue('verify', email, now, 6);
    if (!('code' in issued)) throw new Error('not issued');
    expect(await codesOf(b.ctx).issue('verify', email, now, 6)).toEqual({ wait: 30 });
    expect(await codesOf(b.ctx).check('verify', email, issued.code, now)).toBe(true);
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        codesOf((i % 2 ? a : b).ctx).check('verify', email, issued.code, now, true),
      ),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
  });

  it('burns a code after five wrong tries, counted on every node', async () => {
    const [a, b] = nodes as [TestNode, TestNode];
    const now = a.ctx.now();
    const email = `guess-${dialect}@example.com`;
    const issued = await codesOf(a.ctx).issue('verify', email, now, 6);
    if (!('code' in issued)) throw new Error('not issued');
    for (let i = 0; i < 5; i++)
      expect(await codesOf((i % 2 ? a : b).ctx).check('verify', email, 'zzzzzz', now)).toBe(false);
    expect(await codesOf(a.ctx).check('verify', email, issued.code, now, true)).toBe(false);
  });

  it('caps notifications per user and hour across nodes', async () => {
    const [a, b] = nodes as [TestNode, TestNode];
    const now = () => a.ctx.now();
    const throttles = [
      new DbNotifyThrottle(a.ctx.db, now, 2, 600),
      new DbNotifyThrottle(b.ctx.db, now, 2, 600),
    ];
    const sent = [];
    for (let i = 0; i < 6; i++) sent.push(await throttles[i % 2]!.take(42, 'quota'));
    expect(sent).toEqual([true, true, false, false, false, false]);
  });

  it('lets one node at a time hold a job, and the other take it once the holder leaves or dies', async () => {
    const [a, b] = nodes as [TestNode, TestNode];
    let clock = 1_000_000;
    const one = new JobRunner(a.ctx.db, 'one', 'master', () => clock);
    const two = new JobRunner(b.ctx.db, 'two', 'master', () => clock);
    expect(await one.hold(`test-${dialect}`, 10)).toBe(true);
    expect(await two.hold(`test-${dialect}`, 10)).toBe(false);
    expect(await one.hold(`test-${dialect}`, 10)).toBe(true);
    clock += 11;
    expect(await two.hold(`test-${dialect}`, 10)).toBe(true);
    expect(await one.hold(`test-${dialect}`, 10)).toBe(false);
    await two.stop();
    expect(await one.hold(`test-${dialect}`, 10)).toBe(true);
    await one.stop();
  });

  it('counts the /api rate limit across nodes in Redis: 30 in all, not 30 each', async () => {
    const [a, b] = nodes as [TestNode, TestNode];
    const ip = `10.9.${dialect.length}.${Math.floor(Math.random() * 250)}`;
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await (i % 2 ? a : b).call({ method: 'GET', url: '/api/status', remoteAddress: ip });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  });
});

describe('a node whose Redis is unreachable', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once.
    t = await createTestApp({
      config: {
        redisUrl: 'redis://127.0.0.1:1',
        globalApiRateLimit: { enabled: true, count: 5, durationS: 60 },
      },
    });
  });
  afterAll(() => t.close());

  it('still serves, and counts its limits on its own meanwhile', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await t.call({ method: 'GET', url: '/api/status' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('turns unready when it starts draining', async () => {
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.ctx.draining = true;
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
