import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { lastConsumeLog } from './helpers.js';

let mock: MockServer;
let client: OpenAI;

beforeAll(async () => {
  mock = await createMockServer({ seed: 5 });
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
});
afterAll(() => mock.close());

const lastLog = () => lastConsumeLog(mock);

describe('OpenAI endpoints besides chat', () => {
  it('embeds through the official SDK and bills the reported prompt tokens', async () => {
    const res = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['hello world', 'again'],
    });
    expect(res.data).toHaveLength(2);
    expect(res.data[0]!.embedding.length).toBeGreaterThan(0);
    const log = await lastLog();
    expect(log.model_name).toBe('text-embedding-3-small');
    expect(log.prompt_tokens).toBe(res.usage.prompt_tokens);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('completes legacy prompts', async () => {
    const res = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say hi' });
    expect(res.choices[0]!.text).toBeTruthy();
    expect((await lastLog()).model_name).toBe('gpt-3.5-turbo-instruct');
  });

  it('answers 501 in OpenAI shape for routes new-api does not serve', async () => {
    const res = await fetch(`${mock.url}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(501);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('api_not_implemented');
  });
});
