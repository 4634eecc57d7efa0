import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatChunk } from '../types.js';
import { geminiProvider } from './index.js';
import { fixture, fixtureText, FIXED_NOW, scrubIds, sseEvents } from './test-helpers.js';

beforeEach(() => {
  vi.useFakeTimers({ now: FIXED_NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const run = (sse: string, model: string) => {
  const converter = geminiProvider.chatStream(model);
  const chunks = sseEvents(sse).flatMap((e) => converter.event(e));
  return { chunks: [...chunks, ...converter.end()], usage: converter.usage() };
};

describe('gemini stream converter', () => {
  it('turns the captured SSE stream into the expected chunks and usage', () => {
    const expected = fixture<{ chunks: ChatChunk[]; usage: unknown }>('stream.expected.json');
    expect(run(fixtureText('stream.sse'), 'gemini-2.5-flash')).toEqual(expected);
  });

  it('reports cached prompt tokens from the last usageMetadata, inside prompt_tokens', () => {
    const event = (usageMetadata: object, finishReason?: string) =>
      `data: ${JSON.stringify({
        candidates: [{ content: { parts: [{ text: 'ok' }], role: 'model' }, index: 0, finishReason }],
        usageMetadata,
        responseId: 'c1',
      })}\r\n\r\n`;
    const sse =
      event({ promptTokenCount: 4100, totalTokenCount: 4100, cachedContentTokenCount: 4096 }) +
      event(
        {
          promptTokenCount: 4100,
          candidatesTokenCount: 2,
          totalTokenCount: 4102,
          cachedContentTokenCount: 4096,
        },
        'STOP',
      );
    expect(run(sse, 'gemini-2.5-pro').usage).toEqual({
      prompt_tokens: 4100,
      completion_tokens: 2,
      total_tokens: 4102,
      prompt_tokens_details: { cached_tokens: 4096 },
    });
  });

  it('streams a function call as a whole tool_calls delta and finishes with tool_calls', () => {
    const { chunks, usage } = run(fixtureText('stream-function-call.sse'), 'gemini-2.0-flash');
    expect(scrubIds(chunks)).toEqual([
      {
        id: 'chatcmpl-fnstr',
        object: 'chat.completion.chunk',
        created: FIXED_NOW.getTime() / 1000,
        model: 'gemini-2.0-flash',
        choices: [
          {
            index: 0,
            delta: {
              role: 'assistant',
              tool_calls: [
                {
                  index: 0,
                  id: 'call_<generated>',
                  type: 'function',
                  function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
                },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
    ]);
    expect(usage).toEqual({ prompt_tokens: 30, completion_tokens: 6, total_tokens: 36 });
  });

  it('owes a finish chunk when the stream is cut short, and ignores junk events', () => {
    const converter = geminiProvider.chatStream('m');
    expect(converter.event({ data: '[DONE]' })).toEqual([]);
    expect(converter.usage()).toBeUndefined();
    const first = converter.event({
      data: JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] }),
    });
    expect(first).toHaveLength(1);
    expect(first[0]!.id).toMatch(/^chatcmpl-/);
    expect(first[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: 'Hel' });
    const end = converter.end();
    expect(end).toHaveLength(1);
    expect(end[0]!.id).toBe(first[0]!.id);
    expect(end[0]!.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'stop' });
    expect(converter.end()).toEqual([]);
  });

  it('reports a blocked prompt as content_filter and a MAX_TOKENS finish as length', () => {
    const blocked = geminiProvider.chatStream('m');
    const [chunk] = blocked.event({ data: JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' } }) });
    expect(chunk!.choices[0]!.finish_reason).toBe('content_filter');
    expect(blocked.end()).toEqual([]);
    const cut = geminiProvider.chatStream('m');
    const [last] = cut.event({
      data: JSON.stringify({
        candidates: [{ content: { parts: [{ text: 'a' }] }, finishReason: 'MAX_TOKENS' }],
      }),
    });
    expect(last!.choices[0]!.finish_reason).toBe('length');
  });
});
