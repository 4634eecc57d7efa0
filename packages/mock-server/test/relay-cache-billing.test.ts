import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../src/server-api.js';
import { createMockServer, MESSAGE_OVERHEAD, REPLY_WORDS, type MockServer } from '../src/index.js';
import { lastConsumeLog } from './helpers.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 11 });
});
afterAll(() => mock.close());
afterEach(async () => {
  mock.upstreams.openai.reset();
  await mock.ctx.options.set('CacheRatio', '{}');
});

const INITIAL_QUOTA = 10_000_000;

/** A fresh user with an unlimited token, and an OpenAI client for it. */
async function account() {
  const name = `c${Math.random().toString(36).slice(2, 8)}`;
  const userId = await insertReturningId(mock.db, 'users', {
    username: name,
    password: 'x',
    quota: INITIAL_QUOTA,
  });
  const key = `k${Math.random().toString(36).slice(2)}`.padEnd(48, 'c');
  await insertReturningId(mock.db, 'tokens', { user_id: userId, key, name, unlimited_quota: 1 });
  const client = new OpenAI({ apiKey: `sk-${key}`, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  return { userId, client };
}

const balance = async (userId: number) => {
  await mock.ctx.flush();
  return mock.db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
};

// One user message of 996 words: the fake counts words + MESSAGE_OVERHEAD, so the prompt is 1000 tokens.
const PROMPT_TOKENS = 1000;
const messages = [{ role: 'user' as const, content: 'cache '.repeat(PROMPT_TOKENS - MESSAGE_OVERHEAD) }];
const COMPLETION_TOKENS = REPLY_WORDS.length;

describe('prompt-cache billing through the relay', () => {
  it('bills cached prompt tokens of gpt-4o at its built-in cache ratio 0.5', async () => {
    const { userId, client } = await account();
    mock.upstreams.openai.setCachedTokens(800);
    const res = await client.chat.completions.create({ model: 'gpt-4o', messages });
    expect(res.usage).toMatchObject({
      prompt_tokens: PROMPT_TOKENS,
      completion_tokens: COMPLETION_TOKENS,
      prompt_tokens_details: { cached_tokens: 800 },
    });
    // gpt-4o: model ratio 1.25, completion ratio 4, cache ratio 0.5, group 1.
    // prompt 200 + 800 × 0.5 = 600; completion 11 × 4 = 44; (600 + 44) × 1.25 = 805
    // (without the cache: (1000 + 44) × 1.25 = 1305)
    const expected = (PROMPT_TOKENS - 800 + 800 * 0.5 + COMPLETION_TOKENS * 4) * 1.25;
    expect(expected).toBe(805);
    const log = await lastConsumeLog(mock);
    expect(log.user_id).toBe(userId);
    expect(log.quota).toBe(expected);
    expect(log.prompt_tokens).toBe(PROMPT_TOKENS);
    expect(log.content).toBe('模型倍率 1.25，补全倍率 4.00，分组倍率 1.00，缓存倍率 0.50');
    expect(JSON.parse(log.other)).toMatchObject({
      cache_tokens: 800,
      cache_ratio: 0.5,
      cache_creation_tokens: 0,
      cache_creation_ratio: 1,
    });
    const after = await balance(userId);
    expect(INITIAL_QUOTA - after.quota).toBe(expected);
    expect(after.used_quota).toBe(expected);
  });

  it('applies the CacheRatio option to a stream whose usage chunk reports the cache', async () => {
    await mock.ctx.options.set('CacheRatio', '{"gpt-4o-mini":0.2}');
    const { userId, client } = await account();
    mock.upstreams.openai.setCachedTokens(600);
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text.split(' ')).toHaveLength(COMPLETION_TOKENS);
    // gpt-4o-mini: model ratio 0.075, completion ratio 4, cache ratio 0.2 (option), group 1.
    // prompt 400 + 600 × 0.2 = 520; completion 11 × 4 = 44; (520 + 44) × 0.075 = 42.3 → 42
    const expected = Math.round((PROMPT_TOKENS - 600 + 600 * 0.2 + COMPLETION_TOKENS * 4) * 0.075);
    expect(expected).toBe(42);
    const log = await lastConsumeLog(mock);
    expect(log.user_id).toBe(userId);
    expect(log.is_stream).toBeTruthy();
    expect(log.quota).toBe(expected);
    expect(JSON.parse(log.other)).toMatchObject({ cache_tokens: 600, cache_ratio: 0.2 });
    expect(INITIAL_QUOTA - (await balance(userId)).quota).toBe(expected);
  });

  it('bills every prompt token in full when the upstream reports no cache', async () => {
    const { userId, client } = await account();
    await client.chat.completions.create({ model: 'gpt-4o', messages });
    // (1000 + 11 × 4) × 1.25 = 1305
    const expected = (PROMPT_TOKENS + COMPLETION_TOKENS * 4) * 1.25;
    const log = await lastConsumeLog(mock);
    expect(log.quota).toBe(expected);
    expect(JSON.parse(log.other)).not.toHaveProperty('cache_tokens');
    expect(INITIAL_QUOTA - (await balance(userId)).quota).toBe(expected);
  });
});
