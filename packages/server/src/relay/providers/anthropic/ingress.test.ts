import Anthropic from '@anthropic-ai/sdk';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChatChunk, ChatResponse } from '../types.js';
import { toClaudeRequest } from './chat.js';
import { openaiProvider } from '../openai/chat.js';
import { claudeClientFormat } from './index.js';
import { renderSse } from './sse-test-utils.js';

const read = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const fixture = (name: string): unknown => JSON.parse(read(name));

function encode(chunks: ChatChunk[], final = chunks.at(-1)?.usage ?? undefined): string {
  const encoder = claudeClientFormat.streamFromUnified('claude-requested');
  return renderSse([...chunks.flatMap((c) => encoder.chunk(c)), ...encoder.end(final)]);
}

/** The official SDK reading `body` as if the relay had answered, to prove real clients accept our output. */
function sdkAnswering(body: string, contentType: string) {
  return new Anthropic({
    apiKey: 'k',
    maxRetries: 0,
    fetch: async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }),
  });
}

const response: ChatResponse = fixture('response.unified.json') as ChatResponse;

describe('claude client format: requests', () => {
  it('converts a Claude Code request to unified (fixture)', () => {
    expect(claudeClientFormat.toUnified(fixture('ingress-request.claude.json'))).toEqual(
      fixture('ingress-request.unified.json'),
    );
  });

  it('round-trips Claude → unified → Claude without losing meaning', () => {
    const claude = fixture('ingress-request.claude.json') as { model: string };
    expect(toClaudeRequest(claudeClientFormat.toUnified(claude), claude.model)).toEqual(claude);
  });

  it('keeps thinking off while answering tool results, as unsigned history would be refused', () => {
    const claude = fixture('ingress-request.claude.json') as { model: string; messages: unknown[] };
    const midLoop = { ...claude, messages: claude.messages.slice(0, 3) };
    expect(toClaudeRequest(claudeClientFormat.toUnified(midLoop), claude.model).thinking).toBeUndefined();
  });

  it('maps tool_choice, string system, errored tool results and drops server tools', () => {
    const unified = claudeClientFormat.toUnified({
      model: 'c',
      max_tokens: 5,
      system: 'Be brief.',
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      tools: [
        { name: 'f', input_schema: { type: 'object' } },
        { type: 'web_search_20250305', name: 'web_search' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'text', text: 'boom' }],
              is_error: true,
            },
          ],
        },
      ],
    });
    expect(unified).toEqual({
      model: 'c',
      max_tokens: 5,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'tool', tool_call_id: 't1', content: 'Error: boom' },
      ],
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
  });
});

describe('claude client format: thinking for other channels', () => {
  it('drops thinking blocks from a Claude tool loop bound for an OpenAI channel', async () => {
    const unified = claudeClientFormat.toUnified({
      model: 'gpt-4o',
      max_tokens: 100,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [
        { role: 'user', content: 'List files.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Use ls.', signature: 'EqQBCgIYAhIM' },
            { type: 'redacted_thinking', data: 'EmwKAhgB' },
            { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }] },
      ],
    });
    expect(unified.messages).toEqual([
      { role: 'user', content: 'List files.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'a.txt' },
    ]);
    const up = await openaiProvider.chatRequest(
      { id: 1, type: 1, key: 'k', baseUrl: '', other: '', organization: '', setting: {} },
      unified,
      'gpt-4o',
    );
    expect(up.body).not.toMatch(/thinking|signature|EmwKAhgB/);
  });
});

describe('claude client format: responses', () => {
  it('builds a Claude message the SDK accepts', async () => {
    const body = claudeClientFormat.fromUnified(response, 'claude-requested');
    expect(body).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      type: 'message',
      role: 'assistant',
      model: 'claude-requested',
      content: [
        // The upstream's signature survives the unified format.
        { type: 'thinking', thinking: 'The user wants the weather.', signature: 'EqQBCgIYAhIM' },
        { type: 'text', text: 'Let me check that for you.' },
        {
          type: 'tool_use',
          id: 'toolu_01A09q90qw90lq917835lq9',
          name: 'get_weather',
          input: { location: 'Paris', unit: 'celsius' },
        },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      // Cache reads and writes split back out of the unified prompt tokens (420 = 100 + 20 + 300).
      usage: {
        input_tokens: 100,
        output_tokens: 50,
        cache_creation_input_tokens: 20,
        cache_read_input_tokens: 300,
      },
    });
    const sdk = sdkAnswering(JSON.stringify(body), 'application/json');
    const msg = await sdk.messages.create({
      model: 'x',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(msg.stop_reason).toBe('tool_use');
  });

  it('prefixes msg_ to OpenAI ids', () => {
    const body = claudeClientFormat.fromUnified({ ...response, id: 'chatcmpl-abc' }, 'm') as { id: string };
    expect(body.id).toBe('msg_abc');
  });

  it('shapes errors as Claude does, typed by status', () => {
    const err = { message: 'nope', type: 'x', code: null };
    const type = (status: number) =>
      (claudeClientFormat.errorBody(status, err) as { error: { type: string } }).error.type;
    expect(claudeClientFormat.errorBody(401, err)).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'nope' },
    });
    expect([400, 403, 404, 429, 500, 503, 529].map(type)).toEqual([
      'invalid_request_error',
      'permission_error',
      'not_found_error',
      'rate_limit_error',
      'api_error',
      'api_error',
      'overloaded_error',
    ]);
  });
});

describe('claude client format: streams', () => {
  for (const name of ['stream-thinking', 'stream-tool-use']) {
    it(`encodes ${name} chunks as Claude's event sequence (fixture)`, () => {
      expect(encode(fixture(`${name}.unified.json`) as ChatChunk[])).toBe(read(`ingress-${name}.claude.sse`));
    });
  }

  it('streams that the SDK assembles into a final message', async () => {
    const sse = read('ingress-stream-tool-use.claude.sse');
    const sdk = sdkAnswering(sse, 'text/event-stream');
    const final = await sdk.messages
      .stream({ model: 'x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(final.content).toMatchObject([
      { type: 'text', text: 'Checking the weather.' },
      { type: 'tool_use', name: 'get_weather', input: { location: 'San Francisco, CA' } },
      { type: 'tool_use', name: 'get_time', input: { tz: 'PST' } },
    ]);
    expect(final.usage).toMatchObject({ input_tokens: 472, output_tokens: 89 });
  });

  it('still closes the message when the upstream stopped without a finish_reason', () => {
    const chunks = (fixture('stream-text.unified.json') as ChatChunk[]).filter(
      (c) => !c.choices[0]?.finish_reason && !c.usage,
    );
    const sse = encode(chunks, { prompt_tokens: 25, completion_tokens: 3, total_tokens: 28 });
    const names = [...sse.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
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
    expect(sse).toContain(
      '"delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":25,"output_tokens":3}',
    );
  });

  it('passes redacted thinking, signatures and cache usage through to the SDK (fixture)', async () => {
    const sse = encode(fixture('stream-redacted.unified.json') as ChatChunk[]);
    const final = await sdkAnswering(sse, 'text/event-stream')
      .messages.stream({ model: 'x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(final.content).toEqual([
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT' },
      { type: 'thinking', thinking: 'Done.', signature: 'EuYBCkQYAiJA+/Sig==' },
      { type: 'text', text: 'Hi' },
    ]);
    expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 20, cache_read_input_tokens: 2048 });
  });

  it('emits a complete empty message when no chunk ever came', () => {
    const encoder = claudeClientFormat.streamFromUnified('m');
    const events = encoder.end(undefined);
    expect(events.map((e) => e.event)).toEqual(['message_start', 'ping', 'message_delta', 'message_stop']);
    expect(encoder.end(undefined)).toEqual([]);
  });
});
