import { describe, expect, it } from 'vitest';
import type { ChannelConfig, NativeRequest } from '../types.js';
import { claudeClientFormat, anthropicProvider } from './index.js';
import { claudeNativeBody } from './native.js';

const channel: ChannelConfig = {
  id: 1,
  type: 14,
  key: 'sk-ant-secret',
  baseUrl: 'http://127.0.0.1:9',
  other: '',
  organization: '',
  setting: {},
};

/** A Claude Code turn: signed thinking to send back, breakpoints, a field the relay does not know. */
const body = {
  model: 'claude-requested',
  max_tokens: 4096,
  stream: true,
  thinking: { type: 'enabled', budget_tokens: 2048 },
  system: [{ type: 'text', text: 'ctx', cache_control: { type: 'ephemeral' } }],
  messages: [
    { role: 'user', content: 'Hi' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Hmm.', signature: 'EqQBCgIYAhIM+/==' },
        { type: 'redacted_thinking', data: 'EmwKAhgB/+==' },
        { type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }] },
  ],
  context_management: { edits: [] },
};
const native: NativeRequest = { body, headers: { 'anthropic-beta': 'a-2025, b-2025' }, stream: true };

describe('claude same-format pass-through: upstream request', () => {
  it("forwards the client's body with only the model replaced, beta header kept", async () => {
    expect(anthropicProvider.native?.dialect('claude-sonnet-4')).toBe('claude');
    const up = await anthropicProvider.native!.request(channel, native, 'claude-sonnet-4-20250514');
    expect(up.url).toBe('http://127.0.0.1:9/v1/messages');
    expect(up.headers).toEqual({
      'x-api-key': 'sk-ant-secret',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'a-2025,b-2025',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(up.body).toBe(JSON.stringify({ ...body, model: 'claude-sonnet-4-20250514' }));
    const plain = await anthropicProvider.native!.request(channel, { ...native, headers: {} }, 'm');
    expect(plain.headers['anthropic-beta']).toBeUndefined();
  });

  it('treats a mapped -thinking model as converted requests do, unless the client chose thinking', () => {
    const hi = { model: 'x', max_tokens: 2000, temperature: 0.3, messages: [] };
    expect(claudeNativeBody(hi, 'claude-3-7-sonnet-thinking')).toEqual({
      model: 'claude-3-7-sonnet',
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1600 },
      messages: [],
    });
    const own = { ...hi, thinking: { type: 'disabled' } };
    expect(claudeNativeBody(own, 'c-thinking')).toEqual({ ...own, model: 'c' });
    expect(hi.model).toBe('x');
  });
});

describe('claude same-format pass-through: answers', () => {
  const client = claudeClientFormat.native!;

  it('keeps the upstream bytes, only putting the requested model name back', () => {
    const text =
      '{"id":"msg_1","model":"claude-upstream","content":[{"type":"thinking","thinking":"a","signature":"s+/="}]}';
    const out = client.response(text, JSON.parse(text), 'claude-requested');
    expect(out).toBe(text.replace('claude-upstream', 'claude-requested'));
    expect(client.response(text, JSON.parse(text), 'claude-upstream')).toBe(text);
    expect(client.response('not json', undefined, 'x')).toBe('not json');
  });

  it('renames the model in message_start only, and shapes stream failures as Claude error events', () => {
    const start = {
      event: 'message_start',
      data: '{"type":"message_start","message":{"id":"m","model":"up","usage":{"input_tokens":1}}}',
    };
    expect(JSON.parse(client.event(start, 'asked').data).message.model).toBe('asked');
    const delta = { event: 'content_block_delta', data: '{"type":"content_block_delta","model":"up"}' };
    expect(client.event(delta, 'asked')).toBe(delta);
    expect(client.streamError({ message: 'socket hang up', type: 'upstream_error', code: null })).toEqual({
      event: 'error',
      data: '{"type":"error","error":{"type":"api_error","message":"socket hang up"}}',
    });
  });
});
