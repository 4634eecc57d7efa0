import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  REDACTED_THINKING_TRIGGER,
  THINKING,
  startAnthropicUpstream,
  type AnthropicUpstream,
} from './anthropic.js';
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
      { type: 'thinking', thinking: THINKING, signature: expect.stringMatching(/^Eq\+\/[\w+/]+=$/) },
      { type: 'tool_use', name: 'lookup', input: { q: 'mock', n: 1 } },
    ]);
    expect(final.stop_reason).toBe('tool_use');
  });

  it('checks thinking sent back as Anthropic does: issued signature, thinking first in a tool loop', async () => {
    const tools = [{ name: 'lookup', input_schema: { type: 'object' as const, properties: {} } }];
    const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
    const first = await client.messages.create({ model, max_tokens: 4096, thinking, messages, tools });
    const [signed, call] = first.content as [Anthropic.ThinkingBlock, Anthropic.ToolUseBlock];
    const loop = (assistant: Anthropic.ContentBlockParam[]) =>
      client.messages.create({
        model,
        max_tokens: 4096,
        thinking,
        tools,
        messages: [
          ...messages,
          { role: 'assistant', content: assistant },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'found' }] },
        ],
      });
    expect((await loop([signed, call])).content.at(-1)).toMatchObject({ type: 'text' });
    await expect(loop([{ ...signed, signature: `${signed.signature}x` }, call])).rejects.toMatchObject({
      status: 400,
      error: { error: { message: 'messages.1.content.0: Invalid `signature` in `thinking` block' } },
    });
    await expect(loop([call])).rejects.toMatchObject({ status: 400 });
  });

  it('redacts thinking on the magic string, and takes the redacted data back', async () => {
    const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
    const ask = [{ role: 'user' as const, content: REDACTED_THINKING_TRIGGER }];
    const msg = await client.messages.create({ model, max_tokens: 4096, thinking, messages: ask });
    expect(msg.content.map((b) => b.type)).toEqual(['thinking', 'redacted_thinking', 'text']);
    const streamed = await client.messages
      .stream({ model, max_tokens: 4096, thinking, messages: ask })
      .finalMessage();
    const redacted = streamed.content[1] as Anthropic.RedactedThinkingBlock;
    expect(redacted.data).toMatch(/^EmwK\+\//);
    const next = [...ask, { role: 'assistant' as const, content: streamed.content }, ...messages];
    await expect(
      client.messages.create({ model, max_tokens: 4096, thinking, messages: next }),
    ).resolves.toBeTruthy();
    const forged = [
      ...ask,
      { role: 'assistant' as const, content: [{ ...redacted, data: 'x' }] },
      ...messages,
    ];
    await expect(client.messages.create({ model, max_tokens: 99, messages: forged })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('writes a cache_control prefix to the cache, then reads it', async () => {
    const system = [
      {
        type: 'text' as const,
        text: 'long stable context '.repeat(10),
        cache_control: { type: 'ephemeral' as const },
      },
    ];
    const ask = (text: string) =>
      client.messages.create({ model, max_tokens: 100, system, messages: [{ role: 'user', content: text }] });
    const first = await ask('first question');
    expect(first.usage).toMatchObject({
      input_tokens: 4 + 2,
      cache_creation_input_tokens: 30,
      cache_read_input_tokens: 0,
    });
    const second = await ask('second question here');
    expect(second.usage).toMatchObject({
      input_tokens: 4 + 3,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 30,
    });
    const plain = await client.messages.create({ model, max_tokens: 100, messages });
    expect(plain.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    expect(up.requests.at(-1)!.raw).toBe(JSON.stringify(up.requests.at(-1)!.body));
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
