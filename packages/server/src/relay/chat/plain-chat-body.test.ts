import { describe, expect, it } from 'vitest';
import { ChatRequestSchema } from '../core/chat-request-schema.js';
import { isPlainChatBody } from './plain-chat-body.js';

const base = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }] };

/** Bodies the fast check takes: each must pass the schema too. */
const plain: unknown[] = [
  base,
  { ...base, stream: true, stream_options: { include_usage: true, extra: 1 } },
  { ...base, max_tokens: 0, max_completion_tokens: 1_073_741_823, n: 2, temperature: 0.2, top_p: null },
  { ...base, user: 'u', reasoning_effort: 'low', presence_penalty: -1, frequency_penalty: 1, top_k: 3 },
  {
    ...base,
    messages: [
      { role: 'system', content: null, name: 'n' },
      { role: 'user', content: '' },
    ],
  },
];

/** Bodies left to the schema: valid ones it accepts, invalid ones it refuses with a named field. */
const toSchema: unknown[] = [
  null,
  [],
  'text',
  {},
  { model: 'gpt-4o-mini' },
  { ...base, model: '  ' },
  { ...base, model: 5 },
  { ...base, messages: [] },
  { ...base, messages: {} },
  { ...base, messages: [{ content: 'no role' }] },
  { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'a part' }] }] },
  { ...base, messages: [{ role: 'assistant', content: null, tool_calls: [] }] },
  { ...base, messages: [{ role: 'user', content: 1 }] },
  { ...base, messages: [null] },
  { ...base, stream: 'yes' },
  { ...base, stream_options: [] },
  { ...base, stream_options: { include_usage: 'yes' } },
  { ...base, max_tokens: -1 },
  { ...base, max_tokens: 1.5 },
  { ...base, max_tokens: 1_073_741_824 },
  { ...base, n: 2 ** 53 },
  { ...base, temperature: '0.2' },
  { ...base, user: 7 },
  { ...base, tools: [] },
  { ...base, constructor: 1 },
  { ...base, metadata: { a: 1 } },
];

describe('isPlainChatBody', () => {
  it.each(plain.map((b) => [JSON.stringify(b), b]))('takes %s, which the schema accepts', (_, body) => {
    expect(isPlainChatBody(body)).toBe(true);
    expect(ChatRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each(toSchema.map((b) => [JSON.stringify(b), b]))('leaves %s to the schema', (_, body) => {
    expect(isPlainChatBody(body)).toBe(false);
  });

  it('never takes a body the schema refuses: every field and message field, every JSON type', () => {
    const values: unknown[] = [null, true, 'x', ' ', 0, -1, 1.5, 2 ** 53, 1_073_741_824, [], [{}], {}];
    const fields = [...Object.keys(ChatRequestSchema.shape), 'extra'];
    let taken = 0;
    for (const value of values) {
      const bodies = [
        ...fields.map((f) => ({ ...base, [f]: value })),
        ...['role', 'content', 'name', 'tool_calls'].map((f) => ({
          ...base,
          messages: [{ role: 'user', content: 'hi', [f]: value }],
        })),
      ];
      for (const body of bodies) {
        if (!isPlainChatBody(body)) continue;
        taken++;
        expect(ChatRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      }
    }
    expect(taken).toBeGreaterThan(20);
  });
});
