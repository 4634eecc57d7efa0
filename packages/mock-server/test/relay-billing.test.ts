import { sql } from 'kysely';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 3 });
  // The fault-injection models need a price like any other.
  const ratios = JSON.parse(mock.ctx.options.get('ModelRatio'));
  await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, 'fail-500': 1 }));
});
afterAll(() => mock.close());

/** A fresh user with `quota` and one limited token holding `tokenQuota`; answers an OpenAI client for it. */
async function account(quota: number, tokenQuota = 1_000_000_000) {
  const name = `u${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', { username: name, password: 'x', quota });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'x');
  await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name, remain_quota: tokenQuota });
  const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { userId, client };
}

const user = async (id: number) => {
  await mock.ctx.flush();
  return mock.db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
};

const ask = (client: OpenAI, model = 'gpt-4o-mini') =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'One line please' }] });

describe('billing under concurrency', () => {
  it(
    '200 concurrent requests against a small balance end with the exact expected quota, never below zero',
    { timeout: 30_000 },
    async () => {
      // The cost of one request, measured on a rich account.
      const probe = await account(10_000_000);
      const u = (await ask(probe.client)).usage!;
      const cost = Math.round((u.prompt_tokens + u.completion_tokens * 4) * 0.075);
      const initial = cost * 20 + 60;
      const { userId, client } = await account(initial);
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => ask(client)));
      const ok = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toBeGreaterThan(0);
      expect(ok + refused.length).toBe(200);
      for (const r of refused) expect((r as PromiseRejectedResult).reason.status).toBe(403);
      const after = await user(userId);
      // Near the end of the balance answers get a lower max_tokens (what is left affords), so they cost less.
      expect(after.quota).toBeGreaterThanOrEqual(0);
      expect(after.request_count).toBe(ok);
      const logs = await mock.db
        .selectFrom('logs')
        .select([sql<number>`count(*)`.as('n'), sql<number>`sum(quota)`.as('quota')])
        .where('user_id', '=', userId)
        .where('type', '=', 2)
        .executeTakeFirstOrThrow();
      expect(Number(logs.n)).toBe(ok);
      expect(after.quota + Number(logs.quota)).toBe(initial);
      expect(after.used_quota).toBe(Number(logs.quota));
      expect(Number(logs.quota)).toBeLessThanOrEqual(ok * cost);
    },
  );

  it('keeps one balance per user across several keys spending at once', async () => {
    const probe = await account(10_000_000);
    const u = (await ask(probe.client)).usage!;
    const cost = Math.round((u.prompt_tokens + u.completion_tokens * 4) * 0.075);
    const initial = cost * 10 + 30;
    const { userId, client } = await account(initial);
    const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'z');
    await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name: 'second', unlimited_quota: 1 });
    const second = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => ask(i % 2 ? client : second)),
    );
    const after = await user(userId);
    expect(after.quota).toBeGreaterThanOrEqual(0);
    expect(after.quota + after.used_quota).toBe(initial);
    expect(after.used_quota).toBeLessThanOrEqual(results.length * cost);
  });

  it('refunds the reservation when every channel fails', async () => {
    const { userId, client } = await account(3000);
    await expect(ask(client, 'fail-500')).rejects.toMatchObject({ status: 500 });
    expect((await user(userId)).quota).toBe(3000);
  });
});

describe('failover and retries', () => {
  it('moves to the next priority tier on a 5xx, never retrying a channel already tried', async () => {
    await mock.ctx.options.set('RetryTimes', '3');
    const { client } = await account(10_000_000);
    mock.upstreams.openai.reset();
    mock.upstreams.openai.setNextError(500, { error: { message: 'boom', type: 'server_error' } });
    const res = await ask(client);
    expect(res.choices[0]!.message.content).toBeTruthy();
    await mock.ctx.flush();
    const log = await mock.db
      .selectFrom('logs')
      .select('other')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const used = JSON.parse(log.other).admin_info.use_channel as string[];
    expect(used).toHaveLength(2);
    expect(new Set(used).size).toBe(2);
    // fail-500 has one channel: with retries left, it is still tried once only.
    mock.upstreams.openai.reset();
    await expect(ask(client, 'fail-500')).rejects.toMatchObject({ status: 500 });
    expect(mock.upstreams.openai.requests).toHaveLength(1);
    await mock.ctx.options.set('RetryTimes', '0');
  });

  it('sends the mapped model upstream while billing and logging the requested one', async () => {
    const primary = mock.credentials.channels.find((c) => c.name === 'openai-primary')!;
    await mock.db
      .updateTable('channels')
      .set({
        models: `${primary.models.join(',')},house-model`,
        model_mapping: '{"house-model":"gpt-4o-mini"}',
      })
      .where('id', '=', primary.id)
      .execute();
    await mock.db
      .insertInto('abilities')
      .values({ group: 'default', model: 'house-model', channel_id: primary.id, enabled: 1 })
      .execute();
    mock.ctx.events.emit('channels', [primary.id]);
    const ratios = JSON.parse(mock.ctx.options.get('ModelRatio'));
    await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, 'house-model': 0.5 }));
    const { client } = await account(10_000_000);
    mock.upstreams.openai.reset();
    await ask(client, 'house-model');
    expect(mock.upstreams.openai.requests[0]!.body).toMatchObject({ model: 'gpt-4o-mini' });
    await mock.ctx.flush();
    const log = await mock.db.selectFrom('logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.model_name).toBe('house-model');
    expect(JSON.parse(log.other)).toMatchObject({
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-mini',
      model_ratio: 0.5,
    });
  });
});
