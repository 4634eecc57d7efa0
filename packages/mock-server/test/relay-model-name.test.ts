import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel } from './helpers.js';

/** model_mapping stays invisible: OpenAI clients get back the model name they asked for, like the others. */
let mock: MockServer;
let client: OpenAI;

beforeAll(async () => {
  mock = await createMockServer({ seed: 47 });
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  await addChannel(mock, {
    name: 'alias-openai',
    type: 1,
    models: ['house-fast', 'house-complete'],
    mapping: { 'house-fast': 'gpt-4o-mini', 'house-complete': 'gpt-3.5-turbo-instruct' },
  });
  await addChannel(mock, {
    name: 'alias-claude',
    type: 14,
    models: ['house-claude'],
    mapping: { 'house-claude': 'claude-3-5-haiku-20241022' },
  });
});
afterAll(() => mock.close());

const messages = [{ role: 'user' as const, content: 'Hi' }];

describe('OpenAI clients on a mapped model', { timeout: 60_000 }, () => {
  it('a JSON answer names the requested model, the upstream got the mapped one', async () => {
    const answer = await client.chat.completions.create({ model: 'house-fast', messages });
    expect(mock.upstreams.openai.requests.at(-1)!.body).toMatchObject({ model: 'gpt-4o-mini' });
    expect(answer.model).toBe('house-fast');
  });

  it('every stream chunk names the requested model, usage chunk included', async () => {
    const stream = await client.chat.completions.create({
      model: 'house-fast',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const models = new Set<string>();
    let chunks = 0;
    for await (const chunk of stream) {
      models.add(chunk.model);
      chunks++;
    }
    expect(chunks).toBeGreaterThan(3);
    expect([...models]).toEqual(['house-fast']);
  });

  it('a converted Claude stream names the requested model', async () => {
    const stream = await client.chat.completions.create({ model: 'house-claude', messages, stream: true });
    const models = new Set<string>();
    for await (const chunk of stream) models.add(chunk.model);
    expect([...models]).toEqual(['house-claude']);
  });

  it('legacy completions', async () => {
    const plain = await client.completions.create({ model: 'house-complete', prompt: 'Say hi' });
    expect(mock.upstreams.openai.requests.at(-1)!.body).toMatchObject({ model: 'gpt-3.5-turbo-instruct' });
    expect(plain.model).toBe('house-complete');
  });
});
