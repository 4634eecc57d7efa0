import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type TokenFixture } from '../src/index.js';

/**
 * The billing routes ChatGPT-Next-Web-style clients call with an `sk-` key (new-api controller/billing.go):
 * the token's figures or the user's (DisplayTokenStatEnabled), in dollars or quota (DisplayInCurrencyEnabled).
 */
let mock: MockServer;
let bob: TokenFixture;

beforeAll(async () => {
  mock = await createMockServer({ seed: 261 });
  bob = mock.credentials.tokens.find((t) => t.userId === mock.credentials.users.bob.id && t.status === 1)!;
});
afterAll(() => mock.close());
afterEach(async () => {
  await mock.ctx.options.set('DisplayTokenStatEnabled', 'true');
  await mock.ctx.options.set('DisplayInCurrencyEnabled', 'true');
});

const get = async (path: string, key = bob.apiKey) => {
  const res = await fetch(`${mock.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const tokenRow = (id: number) =>
  mock.db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const userRow = (id: number) =>
  mock.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', id).executeTakeFirstOrThrow();

const subscription = (amount: number, accessUntil = 0) => ({
  object: 'billing_subscription',
  has_payment_method: true,
  soft_limit_usd: amount,
  hard_limit_usd: amount,
  system_hard_limit_usd: amount,
  access_until: accessUntil,
});

describe('/dashboard/billing/subscription and /usage', () => {
  it("shows the token's figures in dollars by default, under both prefixes", async () => {
    const t = await tokenRow(bob.id);
    for (const prefix of ['', '/v1']) {
      expect(await get(`${prefix}/dashboard/billing/subscription`)).toEqual({
        status: 200,
        body: subscription((t.remain_quota + t.used_quota) / 500_000),
      });
      expect(
        await get(`${prefix}/dashboard/billing/usage?start_date=2024-01-01&end_date=2024-01-02`),
      ).toEqual({
        status: 200,
        body: { object: 'list', total_usage: (t.used_quota / 500_000) * 100 },
      });
    }
  });

  it("shows the user's figures when DisplayTokenStatEnabled is off, in quota when currency is off", async () => {
    await mock.ctx.options.set('DisplayTokenStatEnabled', 'false');
    await mock.ctx.options.set('DisplayInCurrencyEnabled', 'false');
    const u = await userRow(bob.userId);
    expect((await get('/dashboard/billing/subscription')).body).toEqual(subscription(u.quota + u.used_quota));
    expect((await get('/dashboard/billing/usage')).body).toEqual({
      object: 'list',
      total_usage: u.used_quota * 100,
    });
  });

  it('reports an unlimited token as 100000000, and its expiry', async () => {
    const alice = mock.credentials.tokens.find((t) => t.apiKey === mock.credentials.apiKey)!;
    await mock.db
      .updateTable('tokens')
      .set({ expired_time: 4_102_444_800 })
      .where('id', '=', alice.id)
      .execute();
    mock.ctx.events.emit('tokens', [alice.id]);
    expect((await get('/v1/dashboard/billing/subscription', alice.apiKey)).body).toEqual(
      subscription(100_000_000, 4_102_444_800),
    );
  });

  it('includes a charge settled a moment ago', async () => {
    const before = (await tokenRow(bob.id)).used_quota;
    const chat = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(chat.status).toBe(200);
    const { total_usage } = (await get('/dashboard/billing/usage')).body as { total_usage: number };
    const after = (await tokenRow(bob.id)).used_quota;
    expect(after).toBeGreaterThan(before);
    expect(total_usage).toBe((after / 500_000) * 100);
  });

  it('counts against the per-IP /api rate limit, as new-api does', async () => {
    const limited = await createMockServer({
      seed: 263,
      config: { globalApiRateLimit: { enabled: true, count: 2, durationS: 60 } },
    });
    try {
      const hit = () =>
        fetch(`${limited.url}/dashboard/billing/usage`, {
          headers: { authorization: `Bearer ${limited.credentials.apiKey}` },
        }).then((r) => r.status);
      expect([await hit(), await hit(), await hit()]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("refuses a bad key in OpenAI's error shape", async () => {
    const res = await get('/dashboard/billing/usage', 'sk-nope');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { type: 'new_api_error' } });
  });
});
