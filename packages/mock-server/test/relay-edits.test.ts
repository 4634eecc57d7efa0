import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel, lastConsumeLog } from './helpers.js';

/** `/v1/edits` relayed and billed like completions; `DELETE /v1/models/{model}` is new-api's 501. */
let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 262 });
  await addChannel(mock, { name: 'edits', type: 1, models: ['text-davinci-edit-001'] });
});
afterAll(() => mock.close());

const call = async (method: string, path: string, body?: unknown, key = mock.credentials.apiKey) => {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers under test
};

describe('/v1/edits', () => {
  it('relays an edit and bills its usage', async () => {
    const res = await call('POST', '/v1/edits', {
      model: 'text-davinci-edit-001',
      input: 'What day of the wek is it?',
      instruction: 'Fix the spelling mistakes',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'edit', choices: [{ index: 0 }] });
    const sent = mock.upstreams.openai.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/v1/edits', body: { instruction: 'Fix the spelling mistakes' } });
    const log = await lastConsumeLog(mock);
    expect(log).toMatchObject({
      model_name: 'text-davinci-edit-001',
      prompt_tokens: res.body.usage.prompt_tokens,
      completion_tokens: res.body.usage.completion_tokens,
    });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('wants an instruction, before anything is sent upstream', async () => {
    const before = mock.upstreams.openai.requests.length;
    const res = await call('POST', '/v1/edits', { model: 'text-davinci-edit-001', input: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_text_request' });
    expect(res.body.error.message).toContain('instruction');
    expect(mock.upstreams.openai.requests.length).toBe(before);
  });
});

describe('DELETE /v1/models/{model}', () => {
  it("answers new-api's 501 after the key is checked", async () => {
    expect(await call('DELETE', '/v1/models/gpt-4o-mini')).toMatchObject({
      status: 501,
      body: {
        error: { message: expect.stringContaining('API not implemented'), code: 'api_not_implemented' },
      },
    });
    expect((await call('DELETE', '/v1/models/gpt-4o-mini', undefined, 'sk-bad')).status).toBe(401);
  });
});
