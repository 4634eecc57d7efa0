import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChannelConfig, ChatRequest } from '../types.js';
import { claudeError, fromClaudeResponse, toClaudeRequest } from './chat.js';
import { anthropicProvider } from './index.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const NOW = () => 1_700_000_000;

const channel: ChannelConfig = {
  id: 1,
  type: 14,
  key: 'sk-ant-secret',
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
};
const hello: ChatRequest = { model: 'claude', messages: [{ role: 'user', content: 'Hi' }] };

describe('anthropic chat request', () => {
  it('builds the Claude body from a unified request (fixture)', () => {
    const request = fixture('request.unified.json') as ChatRequest;
    expect(toClaudeRequest(request, 'claude-3-5-sonnet-20241022')).toEqual(fixture('request.claude.json'));
  });

  it('targets /v1/messages with x-api-key and anthropic-version', async () => {
    const up = await anthropicProvider.chatRequest(channel, hello, 'claude-3-5-haiku-20241022');
    expect(up).toMatchObject({
      url: 'https://api.anthropic.com/v1/messages',
      method: 'POST',
      headers: {
        'x-api-key': 'sk-ant-secret',
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      },
    });
    expect(JSON.parse(up.body!)).toEqual({
      model: 'claude-3-5-haiku-20241022',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 8192,
    });
    const custom = await anthropicProvider.chatRequest(
      { ...channel, baseUrl: 'http://127.0.0.1:9' },
      hello,
      'c',
    );
    expect(custom.url).toBe('http://127.0.0.1:9/v1/messages');
  });

  it('turns a -thinking model into thinking with 80% of max_tokens, dropping sampling params', () => {
    const body = toClaudeRequest(
      { ...hello, max_tokens: 10000, temperature: 0.5, top_k: 5 },
      'claude-3-7-sonnet-thinking',
    );
    expect(body).toEqual({
      model: 'claude-3-7-sonnet',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
  });

  it('turns reasoning_effort into thinking and keeps the budget valid for a small max_tokens', () => {
    expect(toClaudeRequest({ ...hello, reasoning_effort: 'high' }, 'claude-sonnet-4').thinking).toEqual({
      type: 'enabled',
      budget_tokens: 6553,
    });
    const small = toClaudeRequest({ ...hello, max_tokens: 100, reasoning_effort: 'low' }, 'claude-sonnet-4');
    expect(small.thinking?.budget_tokens).toBe(1024);
    expect(small.max_tokens).toBeGreaterThan(1024);
  });

  it('carries signed thinking blocks and cache_control breakpoints to Claude (fixture)', () => {
    // Signed and redacted thinking go back first and verbatim (unsigned thinking is dropped), which keeps thinking
    // on mid tool loop; breakpoints land on the system block, content block, tool result and tool they mark.
    const request = fixture('request-cache-thinking.unified.json') as ChatRequest;
    expect(toClaudeRequest(request, 'claude-sonnet')).toEqual(fixture('request-cache-thinking.claude.json'));
  });

  it('keeps thinking off in a tool loop whose thinking came back without a signature', () => {
    const request = fixture('request-cache-thinking.unified.json') as ChatRequest;
    const unsigned = request.messages.map((m) =>
      m.thinking_blocks ? { ...m, thinking_blocks: [{ type: 'thinking' as const, thinking: 'x' }] } : m,
    );
    const body = toClaudeRequest({ ...request, messages: unsigned }, 'claude-sonnet');
    expect(body.thinking).toBeUndefined();
    expect(body.temperature).toBe(0.5);
    expect((body.messages[1]!.content as { type: string }[])[0]!.type).toBe('tool_use');
  });

  it('keeps a lone system string and lone text a string only without a breakpoint', () => {
    const cache = { type: 'ephemeral' as const };
    const body = toClaudeRequest(
      {
        model: 'c',
        messages: [
          { role: 'system', content: 'Be brief.', cache_control: cache },
          { role: 'user', content: 'Hi', cache_control: cache },
        ],
      },
      'c',
    );
    expect(body.system).toEqual([{ type: 'text', text: 'Be brief.', cache_control: cache }]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: cache }] },
    ]);
  });

  it('maps every tool_choice', () => {
    const tools = [{ type: 'function' as const, function: { name: 'f' } }];
    const choice = (tool_choice: ChatRequest['tool_choice']) =>
      toClaudeRequest({ ...hello, tools, tool_choice }, 'c').tool_choice;
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(choice('required')).toEqual({ type: 'any' });
    expect(choice({ type: 'function', function: { name: 'f' } })).toEqual({ type: 'tool', name: 'f' });
    expect(choice(undefined)).toBeUndefined();
  });
});

describe('anthropic chat response', () => {
  it('maps text, thinking, tool_use, stop reason and cache-aware usage (fixture)', () => {
    const unified = fromClaudeResponse(fixture('response.claude.json'), 'claude-3-7-sonnet', NOW);
    expect(unified).toEqual(fixture('response.unified.json'));
  });

  it('keeps redacted thinking and cache writes (fixture)', () => {
    const unified = fromClaudeResponse(fixture('response-redacted.claude.json'), 'claude-sonnet-4', NOW);
    expect(unified).toEqual(fixture('response-redacted.unified.json'));
  });

  it('maps stop reasons', () => {
    const reason = (stop_reason: string) =>
      fromClaudeResponse(
        { id: 'm', model: 'c', content: [{ type: 'text', text: 'x' }], stop_reason, usage: {} },
        'c',
        NOW,
      ).choices[0]!.finish_reason;
    expect(['end_turn', 'stop_sequence', 'max_tokens', 'tool_use'].map(reason)).toEqual([
      'stop',
      'stop',
      'length',
      'tool_calls',
    ]);
  });
});

describe('anthropic errors', () => {
  it('reads Claude error bodies (fixture)', () => {
    expect(claudeError(529, fixture('error.claude.json'))).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      code: 'overloaded_error',
    });
    expect(
      anthropicProvider.error(401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
      }),
    ).toEqual({
      message: 'invalid x-api-key',
      type: 'authentication_error',
      code: 'authentication_error',
    });
  });

  it('falls back for bodies that are not Claude errors', () => {
    expect(claudeError(502, '<html>Bad gateway</html>')).toEqual({
      message: '<html>Bad gateway</html>',
      type: 'upstream_error',
      code: 'bad_response_status_code',
    });
    expect(claudeError(500, '')).toMatchObject({ message: 'upstream returned status 500' });
  });
});
