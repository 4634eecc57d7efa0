import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;
let aliceId: number;

beforeAll(async () => {
  mock = await createMockServer({ seed: 13 });
  aliceId = mock.credentials.users.alice.id;
});
afterAll(() => mock.close());

/** A token of alice's with the given columns; answers a client that uses it (optionally pinning a channel). */
async function tokenWith(values: Record<string, unknown>, userId = aliceId, pin = '') {
  const key = `t${Math.random().toString(36).slice(2)}`.padEnd(48, 'y');
  await insertReturningId(mock.db, 'tokens', {
    user_id: userId,
    key,
    name: 'probe',
    remain_quota: 1_000_000,
    ...values,
  } as never);
  return new OpenAI({ apiKey: `sk-${key}${pin}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
}

const chat = (client: OpenAI, model = 'gpt-4o-mini') =>
  client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

async function rejection(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { status: number; error?: { message?: string } };
    return { status: err.status, message: err.error?.message ?? '' };
  }
  throw new Error('expected a rejection');
}

describe('relay token checks, each with an OpenAI-style error', () => {
  it('rejects missing, unknown, expired, exhausted and disabled tokens with 401', async () => {
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^未提供令牌/);
    const unknown = new OpenAI({ apiKey: 'sk-unknown', baseURL: `${mock.url}/v1`, maxRetries: 0 });
    expect(await rejection(chat(unknown))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/^无效的令牌/),
    });
    const expired = await tokenWith({ expired_time: 1000 });
    expect(await rejection(chat(expired))).toMatchObject({
      status: 401,
      message: expect.stringMatching(/已过期/),
    });
    const exhausted = await tokenWith({ remain_quota: 0 });
    expect((await rejection(chat(exhausted))).status).toBe(401);
    const disabled = await tokenWith({ status: 2 });
    expect((await rejection(chat(disabled))).status).toBe(401);
  });

  it('refuses banned users, foreign IPs, models outside the limits and unusable groups with 403', async () => {
    const bannedId = await insertReturningId(mock.db, 'users', {
      username: 'banned1',
      password: 'x',
      quota: 1000,
      status: 2,
    });
    expect((await rejection(chat(await tokenWith({}, bannedId)))).status).toBe(403);
    const foreign = await tokenWith({ allow_ips: '10.0.0.0/8\n192.168.1.7' });
    expect(await rejection(chat(foreign))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/IP/),
    });
    const local = await tokenWith({ allow_ips: '127.0.0.0/8' });
    expect((await chat(local)).choices).toHaveLength(1);
    const limited = await tokenWith({ model_limits_enabled: 1, model_limits: 'gpt-4o' });
    expect(await rejection(chat(limited))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/gpt-4o-mini/),
    });
    const group = await tokenWith({ group: 'svip' });
    expect((await rejection(chat(group))).status).toBe(403);
  });

  it('lets only admins pin a channel with sk-KEY-<id>', async () => {
    const primary = mock.credentials.channels.find((c) => c.name === 'openai-primary')!;
    const pinned = await tokenWith({}, aliceId, `-${primary.id}`);
    expect(await rejection(chat(pinned))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/指定渠道/),
    });
    const adminPinned = await tokenWith({}, mock.credentials.users.admin.id, `-${primary.id}`);
    await mock.db
      .updateTable('users')
      .set({ quota: 1_000_000 })
      .where('id', '=', mock.credentials.users.admin.id)
      .execute();
    expect((await chat(adminPinned)).choices).toHaveLength(1);
  });

  it('answers 503 when no channel serves the model and 400 when the model has no price', async () => {
    const client = await tokenWith({});
    const ratios = JSON.parse(mock.ctx.options.get('ModelRatio'));
    await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, 'ghost-model': 1 }));
    expect((await rejection(chat(client, 'ghost-model'))).status).toBe(503);
    expect(await rejection(chat(client, 'unpriced-model'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/倍率或价格未配置/),
    });
  });
});
