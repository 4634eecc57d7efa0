import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, THINKING, type MockServer } from '../src/index.js';
import { lastConsumeLog } from './helpers.js';

let mock: MockServer;
let openai: OpenAI;

beforeAll(async () => {
  mock = await createMockServer({ seed: 31 });
  openai = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
});
afterAll(() => mock.close());
afterEach(() => mock.upstreams.anthropic.reset());

const MODEL = 'claude-3-5-sonnet-20241022';
type ThinkingBlock = { type: 'thinking'; thinking: string; signature?: string };
/** LiteLLM's fields on OpenAI messages and deltas, which the openai SDK does not type. */
type WithThinking = { reasoning_content?: string; thinking_blocks?: ThinkingBlock[] };

const tools: OpenAI.ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'find', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
  },
];
const upstreamBody = () => mock.upstreams.anthropic.requests.at(-1)!.body as Record<string, unknown>;

/** The turn after an assistant message: it goes back whole (thinking blocks included), then the tool result. */
const nextTurn = (messages: OpenAI.ChatCompletionMessageParam[], assistant: object, callId: string) => [
  ...messages,
  assistant as OpenAI.ChatCompletionAssistantMessageParam,
  { role: 'tool' as const, tool_call_id: callId, content: 'found it' },
];

describe('OpenAI client on a Claude channel: thinking signatures and cache breakpoints', () => {
  it('returns thinking_blocks with the signature and takes them back in a tool loop', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Find it.' }];
    const first = await openai.chat.completions.create({
      model: MODEL,
      messages,
      tools,
      reasoning_effort: 'low',
    });
    const message = first.choices[0]!.message as (typeof first.choices)[0]['message'] & WithThinking;
    expect(message.reasoning_content).toBe(THINKING);
    const [block] = message.thinking_blocks!;
    expect(block).toEqual({
      type: 'thinking',
      thinking: THINKING,
      signature: expect.stringMatching(/^Eq\+\//),
    });
    const call = message.tool_calls![0]!;
    // The fake refuses a tool loop with thinking on unless the turn starts with the block it signed.
    const second = await openai.chat.completions.create({
      model: MODEL,
      messages: nextTurn(messages, message, call.id),
      tools,
      reasoning_effort: 'low',
    });
    expect(second.choices[0]!.message.content).toBeTruthy();
    const sent = upstreamBody() as { thinking?: unknown; messages: { content: unknown }[] };
    expect(sent.thinking).toMatchObject({ type: 'enabled' });
    expect((sent.messages[1]!.content as unknown[])[0]).toEqual(block);
  });

  it('streams thinking_blocks deltas that reassemble into the signed block', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Stream it.' }];
    const stream = await openai.chat.completions.create({
      model: MODEL,
      messages,
      tools,
      reasoning_effort: 'low',
      stream: true,
    });
    let thinking = '';
    let signature = '';
    let callId = '';
    for await (const chunk of stream) {
      const delta = (chunk.choices[0]?.delta ?? {}) as WithThinking & { tool_calls?: { id?: string }[] };
      for (const b of delta.thinking_blocks ?? []) {
        thinking += b.thinking;
        signature += b.signature ?? '';
      }
      callId ||= delta.tool_calls?.[0]?.id ?? '';
    }
    expect(thinking).toBe(THINKING);
    expect(signature).toMatch(/^Eq\+\//);
    const assistant = {
      role: 'assistant',
      content: null,
      thinking_blocks: [{ type: 'thinking', thinking, signature }],
      tool_calls: [{ id: callId, type: 'function', function: { name: 'find', arguments: '{"q":"mock"}' } }],
    };
    const next = await openai.chat.completions.create({
      model: MODEL,
      messages: nextTurn(messages, assistant, callId),
      tools,
      reasoning_effort: 'low',
    });
    expect(next.choices[0]!.message.content).toBeTruthy();
  });

  it('carries cache_control to Claude and reports cache reads in prompt_tokens_details', async () => {
    const manual = 'stable manual '.repeat(40);
    const messages = [
      { role: 'system', content: [{ type: 'text', text: manual, cache_control: { type: 'ephemeral' } }] },
      { role: 'user', content: 'Question?' },
    ] as OpenAI.ChatCompletionMessageParam[];
    const first = await openai.chat.completions.create({ model: MODEL, messages });
    expect(upstreamBody().system).toEqual([
      { type: 'text', text: manual, cache_control: { type: 'ephemeral' } },
    ]);
    expect(first.usage!.prompt_tokens_details).toEqual({ cache_creation_tokens: 80 });
    const stream = await openai.chat.completions.create({
      model: MODEL,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    expect(usage!.prompt_tokens_details).toEqual({ cached_tokens: 80 });
    expect(usage!.prompt_tokens).toBe(first.usage!.prompt_tokens);
    const log = await lastConsumeLog(mock);
    expect(log.prompt_tokens).toBe(usage!.prompt_tokens);
  });
});
