import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;
let client: OpenAI;

const userQuota = async (id: number) => {
  await mock.ctx.flush();
  return mock.db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
};

beforeAll(async () => {
  mock = await createMockServer({ seed: 7 });
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
});
afterAll(() => mock.close());

describe('relay through the official openai SDK', () => {
  it('answers a chat and bills it exactly, with one consume log', async () => {
    const alice = mock.credentials.users.alice;
    const before = await userQuota(alice.id);
    const res = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello' }],
    });
    expect(res.choices[0]!.message.content).toBeTruthy();
    const usage = res.usage!;
    // gpt-4o-mini: ratio 0.075, completion ratio 4, group default 1.
    const expected = Math.round((usage.prompt_tokens + usage.completion_tokens * 4) * 0.075);
    const after = await userQuota(alice.id);
    expect(before.quota - after.quota).toBe(expected);
    expect(after.used_quota - before.used_quota).toBe(expected);
    const log = await mock.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', alice.id)
      .where('type', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      model_name: 'gpt-4o-mini',
      quota: expected,
      prompt_tokens: usage.prompt_tokens,
    });
    const other = JSON.parse(log.other);
    expect(other).toMatchObject({ model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1 });
    expect(other.admin_info.use_channel).toHaveLength(1);
  });

  it('streams chunk by chunk, ends with the done marker, and hides usage unless asked', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream please' }],
      stream: true,
    });
    let text = '';
    let usageSeen = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usageSeen = true;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(usageSeen).toBe(false);
    const withUsage = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Stream please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage;
    for await (const chunk of withUsage) if (chunk.usage) usage = chunk.usage;
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('lists the models the key may use', async () => {
    const models = [];
    for await (const m of client.models.list()) models.push(m.id);
    expect(models).toContain('gpt-4o-mini');
  });

  it('rejects a bad key and an unknown model with OpenAI-style errors', async () => {
    const bad = new OpenAI({ apiKey: 'sk-nope', baseURL: `${mock.url}/v1`, maxRetries: 0 });
    await expect(
      bad.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: expect.any(Number) });
  });
});
