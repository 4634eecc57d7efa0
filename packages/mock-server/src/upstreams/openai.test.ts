import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLY, REPLY_WORDS } from './openai-responses.js';
import { startOpenAiUpstream, type OpenAiUpstream } from './openai.js';

let up: OpenAiUpstream;
beforeAll(async () => {
  up = await startOpenAiUpstream();
});
afterAll(() => up?.close());
beforeEach(() => up.reset());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${up.url}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test', ...headers },
    body: JSON.stringify(body),
  });

const messages = [{ role: 'user', content: 'say hello to me' }];

/** Splits an SSE body into its `data:` payloads. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.replace(/^data: /, ''));
}

describe('fake OpenAI upstream', () => {
  it('answers a chat completion with countable usage', async () => {
    const res = await post('/chat/completions', { model: 'gpt-4o', messages });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{ message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: 4 + 4,
        completion_tokens: REPLY_WORDS.length,
        total_tokens: 8 + REPLY_WORDS.length,
      },
    });
    expect(up.requests).toHaveLength(1);
    expect(up.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model: 'gpt-4o' },
    });
    expect(up.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('cuts the reply at max_tokens', async () => {
    const body = await (await post('/chat/completions', { model: 'gpt-4o', messages, max_tokens: 3 })).json();
    expect(body.choices[0]).toMatchObject({ finish_reason: 'length' });
    expect(body.usage.completion_tokens).toBe(3);
  });

  it('streams chunks, a usage chunk when asked, then [DONE]', async () => {
    const res = await post('/chat/completions', {
      model: 'gpt-4o-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseData(await res.text());
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.length).toBeGreaterThan(5);
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(text).toBe(REPLY);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: REPLY_WORDS.length } });
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
  });

  it('reports cached prompt tokens on demand, capped at the prompt, until reset', async () => {
    const plain = await (await post('/chat/completions', { model: 'gpt-4o', messages })).json();
    expect(plain.usage).not.toHaveProperty('prompt_tokens_details');
    const byHeader = await (
      await post('/chat/completions', { model: 'gpt-4o', messages }, { 'x-mock-cached-tokens': '5' })
    ).json();
    expect(byHeader.usage).toMatchObject({ prompt_tokens: 8, prompt_tokens_details: { cached_tokens: 5 } });
    up.setCachedTokens(100);
    const events = sseData(
      await (
        await post('/chat/completions', {
          model: 'gpt-4o',
          messages,
          stream: true,
          stream_options: { include_usage: true },
        })
      ).text(),
    );
    const last = JSON.parse(events.at(-2)!);
    expect(last.usage).toMatchObject({ prompt_tokens: 8, prompt_tokens_details: { cached_tokens: 8 } });
    up.reset();
    const after = await (await post('/chat/completions', { model: 'gpt-4o', messages })).json();
    expect(after.usage).not.toHaveProperty('prompt_tokens_details');
  });

  it('omits the usage chunk by default', async () => {
    const events = sseData(
      await (await post('/chat/completions', { model: 'gpt-4o', messages, stream: true })).text(),
    );
    expect(events.slice(0, -1).some((e) => 'usage' in JSON.parse(e))).toBe(false);
  });

  it('answers embeddings, completions and the model list', async () => {
    const emb = await (
      await post('/embeddings', { model: 'text-embedding-3-small', input: ['a b', 'c'] })
    ).json();
    expect(emb.data).toHaveLength(2);
    expect(emb.data[0].embedding).toHaveLength(16);
    expect(emb.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    const again = await (await post('/embeddings', { model: 'text-embedding-3-small', input: 'a b' })).json();
    expect(again.data[0].embedding).toEqual(emb.data[0].embedding);
    const text = await (
      await post('/completions', { model: 'gpt-3.5-turbo-instruct', prompt: 'one two' })
    ).json();
    expect(text).toMatchObject({
      object: 'text_completion',
      choices: [{ text: REPLY }],
      usage: { prompt_tokens: 2 },
    });
    const models = await (
      await fetch(`${up.url}/v1/models`, { headers: { authorization: 'Bearer x' } })
    ).json();
    expect(models.data.map((m: { id: string }) => m.id)).toContain('gpt-4o');
  });

  it('fails on demand by model name and by header', async () => {
    for (const status of [500, 429, 401]) {
      const res = await post('/chat/completions', { model: `fail-${status}`, messages });
      expect(res.status).toBe(status);
      expect((await res.json()).error).toMatchObject({
        message: expect.any(String),
        type: expect.any(String),
      });
    }
    const res = await post('/chat/completions', { model: 'gpt-4o', messages }, { 'x-mock-fail': '503' });
    expect(res.status).toBe(503);
  });

  it('fails the next request only after setNextError', async () => {
    up.setNextError(400, { error: { message: 'custom', type: 'invalid_request_error' } });
    const first = await post('/chat/completions', { model: 'gpt-4o', messages });
    expect(first.status).toBe(400);
    expect((await first.json()).error.message).toBe('custom');
    expect((await post('/chat/completions', { model: 'gpt-4o', messages })).status).toBe(200);
  });

  it('refuses a request without an API key', async () => {
    const res = await fetch(`${up.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });

  it('delays answers via setLatency and slow-<ms>', async () => {
    up.setLatency(120);
    let start = Date.now();
    await post('/chat/completions', { model: 'gpt-4o', messages });
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
    up.setLatency(0);
    start = Date.now();
    await post('/chat/completions', { model: 'slow-150', messages });
    expect(Date.now() - start).toBeGreaterThanOrEqual(130);
  });
});
