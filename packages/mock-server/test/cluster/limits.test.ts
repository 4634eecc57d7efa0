import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../src/server-api.js';
import { signIn, startNodes, type Cluster } from './nodes.js';
import { startRedis } from './redis-server.js';

const hasPg = testDialects().includes('postgres');

describe.skipIf(!hasPg)('limits and one-time things across two nodes sharing Redis', () => {
  let cluster: Cluster;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let urls: string[];
  beforeAll(async () => {
    redis = await startRedis();
    cluster = await startNodes({
      dialect: 'postgres',
      count: 2,
      env: {
        REDIS_CONN_STRING: redis.url,
        GLOBAL_API_RATE_LIMIT: '30',
        GLOBAL_API_RATE_LIMIT_DURATION: '120',
      },
    });
    urls = cluster.nodes.map((n) => n.url);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  }, 30_000);

  it('lets 30 /api requests through in all when the limit is 30, not 30 per node', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await fetch(`${urls[i % 2]}/api/status`)).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    await redis.stop();
  });
});

describe.skipIf(!hasPg)('model limits and redemption codes across two nodes sharing Redis', () => {
  let cluster: Cluster;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let urls: string[];
  beforeAll(async () => {
    redis = await startRedis();
    cluster = await startNodes({ dialect: 'postgres', count: 2, env: { REDIS_CONN_STRING: redis.url } });
    urls = cluster.nodes.map((n) => n.url);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  }, 30_000);

  it('counts the model request limit of a user across nodes', { timeout: 30_000 }, async () => {
    const root = (await signIn(urls[0]!, 'root', 'root-password-1')).on(urls[0]!);
    for (const [key, value] of [
      ['ModelRequestRateLimitCount', '10'],
      ['ModelRequestRateLimitDurationMinutes', '1'],
      ['ModelRequestRateLimitEnabled', 'true'],
    ])
      expect((await root('PUT', '/api/option/', { key, value })).success).toBe(true);
    const { key } = await cluster.account(10_000_000);
    // The option reaches the other node through Redis within a second.
    await new Promise((r) => setTimeout(r, 1_000));
    const codes = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) =>
          (
            await fetch(`${urls[i % 2]}/v1/chat/completions`, {
              method: 'POST',
              headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                model: 'gpt-4o-mini',
                max_tokens: 5,
                messages: [{ role: 'user', content: 'hi' }],
              }),
            })
          ).status,
      ),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    await root('PUT', '/api/option/', { key: 'ModelRequestRateLimitEnabled', value: 'false' });
  });

  it(
    'credits a redemption code once when two users race for it on two nodes',
    { timeout: 60_000 },
    async () => {
      const root = (await signIn(urls[0]!, 'root', 'root-password-1')).on(urls[0]!);
      const made = await root('POST', '/api/redemption/', { name: 'race', count: 1, quota: 5_000 });
      expect(made.success).toBe(true);
      const code = (made.data as string[])[0]!;
      const racers = [];
      for (let i = 0; i < 6; i++) {
        const username = `racer${i}`;
        const id = (await signIn(urls[0]!, 'root', 'root-password-1')).on(urls[0]!);
        expect(
          (await id('POST', '/api/user/', { username, password: 'racer-pass-1', display_name: username }))
            .success,
        ).toBe(true);
        racers.push((await signIn(urls[i % 2]!, username, 'racer-pass-1')).on(urls[i % 2]!));
      }
      const answers = await Promise.all(
        racers.map((topUp) => topUp('POST', '/api/user/topup', { key: code })),
      );
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      const credited = await cluster.db
        .selectFrom('users')
        .select((eb) => eb.fn.sum<number>('quota').as('total'))
        .where('username', 'like', 'racer%')
        .executeTakeFirstOrThrow();
      const newUserQuota = Number(
        (
          await cluster.db
            .selectFrom('options')
            .select('value')
            .where('key', '=', 'QuotaForNewUser')
            .executeTakeFirst()
        )?.value ?? 0,
      );
      expect(Number(credited.total)).toBe(5_000 + 6 * newUserQuota);
    },
  );
});
