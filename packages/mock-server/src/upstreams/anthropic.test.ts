import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { THINKING, startAnthropicUpstream, type AnthropicUpstream } from './anthropic.js';
import { REPLY, REPLY_WORDS } from './openai-responses.js';

let up: AnthropicUpstream;
let client: Anthropic;
beforeAll(async () => {
  up = await startAnthropicUpstream();
  client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: up.url, maxRetries: 0 });
});
afterAll(() => up?.close());
beforeEach(() => up.reset());

const messages = [{ role: 'user' as const, content: 'say hello to me' }];
const model = 'claude-3-5-sonnet-20241022';

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${up.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('fake Anthropic upstream', () => {
  it('answers the official SDK with a message', async () => {
    const msg = await client.messages.create({ model, max_tokens: 100, messages });
    expect(msg).toMatchObject({
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: REPLY }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 4 + 4, output_tokens: REPLY_WORDS.length },
    });
    // SDK 1.x authenticates with a bearer token and its own, newer API version.
    expect(up.requests[0]!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(up.requests[0]!.headers['anthropic-version']).toEqual(expect.any(String));
  });

  it('streams to the SDK: text, and finalMessage() assembles it', async () => {
    const stream = client.messages.stream({ model, max_tokens: 100, messages });
    const texts: string[] = [];
    stream.on('text', (t) => texts.push(t));
    const final = await stream.finalMessage();
    expect(texts.join('')).toBe(REPLY);
    expect(final.content).toEqual([{ type: 'text', text: REPLY }]);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(REPLY_WORDS.length);
  });

  it('streams thinking and a tool call the SDK parses', async () => {
    const final = await client.messages
      .stream({
        model,
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 2048 },
        messages,
        tools: [
          {
            name: 'lookup',
            input_schema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } } },
          },
        ],
      })
      .finalMessage();
    expect(final.content).toMatchObject([
      { type: 'thinking', thinking: THINKING, signature: 'mock-signature' },
      { type: 'tool_use', name: 'lookup', input: { q: 'mock', n: 1 } },
    ]);
    expect(final.stop_reason).toBe('tool_use');
  });

  it('cuts at max_tokens', async () => {
    const msg = await client.messages.create({ model, max_tokens: 3, messages });
    expect(msg.stop_reason).toBe('max_tokens');
    expect(msg.usage.output_tokens).toBe(3);
  });

  it('sends the raw event sequence with event names', async () => {
    const res = await post(
      { model, max_tokens: 2, messages, stream: true },
      { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
    );
    const names = [...(await res.text()).matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('needs x-api-key and anthropic-version', async () => {
    const noKey = await post({ model, max_tokens: 5, messages }, { 'anthropic-version': '2023-06-01' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const noVersion = await post({ model, max_tokens: 5, messages }, { 'x-api-key': 'k' });
    expect(noVersion.status).toBe(400);
  });

  it('fails on demand: fail-<status>, setNextError, and the SDK sees typed errors', async () => {
    await expect(
      client.messages.create({ model: 'fail-529', max_tokens: 5, messages }),
    ).rejects.toMatchObject({
      status: 529,
      error: { type: 'error', error: { type: 'overloaded_error' } },
    });
    up.setNextError(429);
    await expect(client.messages.create({ model, max_tokens: 5, messages })).rejects.toBeInstanceOf(
      Anthropic.RateLimitError,
    );
    expect((await client.messages.create({ model, max_tokens: 5, messages })).type).toBe('message');
  });

  it('delays answers via setLatency and slow-<ms>', async () => {
    up.setLatency(120);
    let start = Date.now();
    await client.messages.create({ model, max_tokens: 5, messages });
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
    up.setLatency(0);
    start = Date.now();
    await client.messages.create({ model: 'slow-150', max_tokens: 5, messages });
    expect(Date.now() - start).toBeGreaterThanOrEqual(130);
  });

  it('lists Claude models', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toContain(model);
  });
});
