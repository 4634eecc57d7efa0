import Anthropic from '@anthropic-ai/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addChannel, lastConsumeLog } from './helpers.js';

let mock: MockServer;
let claude: Anthropic;

beforeAll(async () => {
  mock = await createMockServer({ seed: 23 });
  claude = new Anthropic({ apiKey: mock.credentials.apiKey, baseURL: mock.url, maxRetries: 0 });
  await addChannel(mock, {
    name: 'anthropic-alias',
    type: 14,
    models: ['claude-alias'],
    mapping: { 'claude-alias': 'claude-3-5-haiku-20241022' },
  });
  // The same model on a Claude channel first and an OpenAI channel after it, for failover.
  await addChannel(mock, { name: 'anthropic-first', type: 14, models: ['claude-failover'], priority: 100 });
  await addChannel(mock, { name: 'openai-second', type: 1, models: ['claude-failover'], priority: 50 });
});
afterAll(() => mock.close());
afterEach(() => {
  mock.upstreams.anthropic.reset();
  mock.upstreams.openai.reset();
});

const MODEL = 'claude-3-5-sonnet-20241022';
const upstream = () => mock.upstreams.anthropic.requests.at(-1)!;
const tools = [
  {
    name: 'find',
    description: 'Finds a file',
    input_schema: { type: 'object' as const, properties: { q: { type: 'string' } } },
  },
];
const thinking = { type: 'enabled' as const, budget_tokens: 2048 };

/** The turn after `answer`: the assistant's content sent back whole, then the tool's result. */
function nextTurn(params: Anthropic.MessageCreateParamsNonStreaming, answer: Anthropic.ContentBlock[]) {
  const call = answer.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use')!;
  const messages: Anthropic.MessageParam[] = [
    ...params.messages,
    { role: 'assistant', content: answer },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: 'found it' }] },
  ];
  return { ...params, messages };
}

/** Ids, and signatures made from them, count requests per fake; equal answers differ only there. */
const normalise = (text: string) =>
  text.replace(/mock\d+/g, 'mock#').replace(/"signature":"[^"]*"/g, '"signature":"#"');

async function post(url: string, body: object, headers: Record<string, string>) {
  const res = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', ...headers },
    body: JSON.stringify(body),
  });
  return res.text();
}

describe('Claude client on a Claude channel: same-format pass-through', () => {
  it('keeps a tool loop with thinking working: the signature goes back upstream byte for byte', async () => {
    const params = {
      model: MODEL,
      max_tokens: 4096,
      thinking,
      tools,
      messages: [{ role: 'user' as const, content: 'Find it.' }],
    };
    const first = await claude.messages.create(params);
    // The client's own body, unconverted.
    expect(upstream().raw).toBe(JSON.stringify(params));
    const thought = first.content[0] as Anthropic.ThinkingBlock;
    expect(thought.signature).toMatch(/^Eq\+\//);
    expect(first.content[1]).toMatchObject({ type: 'tool_use', name: 'find' });

    const second = nextTurn(params, first.content);
    const answer = await claude.messages.create(second);
    // The fake refuses (400) a thinking block whose signature it did not issue for that text.
    expect(answer.content.at(-1)).toMatchObject({ type: 'text' });
    expect(upstream().raw).toBe(JSON.stringify(second));
    expect(upstream().raw).toContain(`"signature":"${thought.signature}"`);
  });

  it('streams the loop too: the SDK assembles thinking and signature from the forwarded events', async () => {
    const params = {
      model: MODEL,
      max_tokens: 4096,
      thinking,
      tools,
      messages: [{ role: 'user' as const, content: 'Stream it.' }],
    };
    const first = await claude.messages.stream(params).finalMessage();
    const thought = first.content[0] as Anthropic.ThinkingBlock;
    expect(thought.signature).toMatch(/^Eq\+\//);
    const final = await claude.messages.stream(nextTurn(params, first.content)).finalMessage();
    expect(final.content.at(-1)).toMatchObject({ type: 'text' });
    expect(upstream().raw).toContain(`"signature":"${thought.signature}"`);
    expect((await lastConsumeLog(mock)).is_stream).toBeTruthy();
  });

  it("relays the upstream's answer as it sent it, plain and event by event", async () => {
    const body = {
      model: MODEL,
      max_tokens: 4096,
      thinking,
      tools,
      messages: [{ role: 'user', content: 'Same?' }],
    };
    const auth = { 'x-api-key': mock.credentials.apiKey };
    for (const stream of [false, true]) {
      const relayed = await post(mock.url, { ...body, stream }, auth);
      const direct = await post(mock.upstreams.anthropic.url, { ...body, stream }, { 'x-api-key': 'k' });
      expect(normalise(relayed)).toBe(normalise(direct));
    }
  });

  it('carries cache_control and anthropic-beta upstream, and bills cache reads and writes as prompt tokens', async () => {
    const system = [
      {
        type: 'text' as const,
        text: 'stable manual '.repeat(50),
        cache_control: { type: 'ephemeral' as const },
      },
    ];
    const beta = { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } };
    const ask = (content: string) => ({
      model: MODEL,
      max_tokens: 50,
      system,
      messages: [{ role: 'user' as const, content }],
    });

    const first = await claude.messages.create(ask('first question'), beta);
    expect((upstream().body as { system: unknown }).system).toEqual(system);
    expect(upstream().headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(first.usage).toMatchObject({ cache_creation_input_tokens: 100, cache_read_input_tokens: 0 });
    let log = await lastConsumeLog(mock);
    expect(log.prompt_tokens).toBe(first.usage.input_tokens + 100);
    expect(log.completion_tokens).toBe(first.usage.output_tokens);

    const second = await claude.messages.stream(ask('second question'), beta).finalMessage();
    expect(second.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 100 });
    log = await lastConsumeLog(mock);
    expect(log.prompt_tokens).toBe(second.usage.input_tokens + 100);
  });

  it('keeps model_mapping invisible: upstream gets the mapped name, the client its own, plain and streamed', async () => {
    const params = {
      model: 'claude-alias',
      max_tokens: 20,
      messages: [{ role: 'user' as const, content: 'Hi' }],
    };
    const msg = await claude.messages.create(params);
    expect(upstream().body).toMatchObject({ model: 'claude-3-5-haiku-20241022' });
    expect(msg.model).toBe('claude-alias');
    const final = await claude.messages.stream(params).finalMessage();
    expect(final.model).toBe('claude-alias');
    const log = await lastConsumeLog(mock);
    expect(log.model_name).toBe('claude-alias');
    expect(JSON.parse(log.other)).toMatchObject({ upstream_model_name: 'claude-3-5-haiku-20241022' });
  });
});

describe('failover across formats', () => {
  it('falls back from a failing Claude channel to an OpenAI channel through conversion', async () => {
    await mock.ctx.options.set('RetryTimes', '2');
    try {
      for (const stream of [false, true]) {
        mock.upstreams.anthropic.setNextError(500);
        const params = {
          model: 'claude-failover',
          max_tokens: 50,
          thinking,
          messages: [
            { role: 'user' as const, content: 'Earlier question' },
            {
              role: 'assistant' as const,
              content: [
                { type: 'thinking' as const, thinking: 'Old thought.', signature: 'Eq+/old' },
                { type: 'text' as const, text: 'Earlier answer' },
              ],
            },
            { role: 'user' as const, content: 'Now?' },
          ],
        };
        const msg = stream
          ? await claude.messages.stream(params).finalMessage()
          : await claude.messages.create(params);
        expect(msg.content.at(-1)).toMatchObject({ type: 'text' });
        expect(msg.model).toBe('claude-failover');
        // The Claude channel was sent the client's body; the OpenAI one the conversion, thinking dropped.
        expect(upstream().raw).toBe(JSON.stringify(stream ? { ...params, stream: true } : params));
        const openaiBody = mock.upstreams.openai.requests.at(-1)!.body as { messages: object[] };
        expect(openaiBody.messages).toEqual([
          { role: 'user', content: 'Earlier question' },
          { role: 'assistant', content: 'Earlier answer' },
          { role: 'user', content: 'Now?' },
        ]);
        const log = await lastConsumeLog(mock);
        expect(JSON.parse(log.other).admin_info.use_channel).toHaveLength(2);
        expect(log.prompt_tokens).toBeGreaterThan(0);
      }
    } finally {
      await mock.ctx.options.set('RetryTimes', '0');
    }
  });
});
