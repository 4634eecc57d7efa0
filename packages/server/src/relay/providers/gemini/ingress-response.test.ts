import { describe, expect, it } from 'vitest';
import type { ChatChunk, ChatResponse } from '../types.js';
import { geminiClientFormat } from './index.js';

const response: ChatResponse = {
  id: 'chatcmpl-abc',
  object: 'chat.completion',
  created: 1748736000,
  model: 'gemini-2.5-flash',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'It is sunny.',
        reasoning_content: 'Check the tool.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: {
    prompt_tokens: 10,
    completion_tokens: 25,
    total_tokens: 35,
    prompt_tokens_details: { cached_tokens: 4 },
    completion_tokens_details: { reasoning_tokens: 20 },
  },
};

const chunk = (
  index: number,
  delta: ChatChunk['choices'][number]['delta'],
  finish: ChatChunk['choices'][number]['finish_reason'] = null,
): ChatChunk => ({
  id: 'chatcmpl-s',
  object: 'chat.completion.chunk',
  created: 1748736000,
  model: 'upstream-model',
  choices: [{ index, delta, finish_reason: finish }],
});

describe('gemini client format: responses', () => {
  it('writes a GenerateContentResponse with thoughts, text, function calls and usage', () => {
    expect(geminiClientFormat.fromUnified(response, 'gemini-pro-alias')).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Check the tool.', thought: true },
              { text: 'It is sunny.' },
              { functionCall: { name: 'get_weather', args: { city: 'Oslo' } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 10,
        candidatesTokenCount: 5,
        thoughtsTokenCount: 20,
        cachedContentTokenCount: 4,
        totalTokenCount: 35,
      },
      modelVersion: 'gemini-pro-alias',
      responseId: 'abc',
    });
  });

  it('maps length and content_filter finishes', () => {
    const finish = (finish_reason: ChatResponse['choices'][number]['finish_reason']) => {
      const body = geminiClientFormat.fromUnified(
        { ...response, choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason }] },
        'm',
      ) as { candidates: { finishReason: string; content: unknown }[] };
      return body.candidates[0]!;
    };
    expect(finish('length').finishReason).toBe('MAX_TOKENS');
    expect(finish('content_filter')).toEqual({
      content: { role: 'model', parts: [{ text: '' }] },
      finishReason: 'SAFETY',
      index: 0,
    });
  });

  it('streams text deltas, buffers fragmented tool calls, and ends with finishReason and usage', () => {
    const stream = geminiClientFormat.streamFromUnified('gemini-2.0-flash');
    const events = [
      chunk(0, { role: 'assistant', content: '' }),
      chunk(0, { reasoning_content: 'hmm' }),
      chunk(0, { content: 'Hi' }),
      chunk(0, {
        tool_calls: [
          { index: 0, id: 'call_9', type: 'function', function: { name: 'f', arguments: '{"a"' } },
        ],
      }),
      chunk(0, { tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk(0, {}, 'tool_calls'),
      { ...chunk(0, {}), choices: [], usage: response.usage },
    ].flatMap((c) => stream.chunk(c));
    const end = stream.end({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    expect([...events, ...end].every((e) => e.event === undefined)).toBe(true);
    expect([...events, ...end].map((e) => JSON.parse(e.data))).toEqual([
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'hmm', thought: true }] }, index: 0 }],
        modelVersion: 'gemini-2.0-flash',
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }],
        modelVersion: 'gemini-2.0-flash',
      },
      {
        candidates: [
          { content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] }, index: 0 },
        ],
        modelVersion: 'gemini-2.0-flash',
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
        modelVersion: 'gemini-2.0-flash',
      },
    ]);
  });

  it('ends a stream without usage or finish as a plain STOP', () => {
    const stream = geminiClientFormat.streamFromUnified('m');
    expect(stream.chunk(chunk(1, { content: 'x' }))).toHaveLength(1);
    expect(JSON.parse(stream.end(undefined)[0]!.data)).toEqual({
      candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 1 }],
      modelVersion: 'm',
    });
  });

  it('writes errors in Google envelope with gRPC status names', () => {
    const err = { message: 'nope', type: 'x', code: null };
    const status = (code: number) =>
      (geminiClientFormat.errorBody(code, err) as { error: { status: string } }).error.status;
    expect(geminiClientFormat.errorBody(401, err)).toEqual({
      error: { code: 401, message: 'nope', status: 'UNAUTHENTICATED' },
    });
    expect([400, 403, 404, 429, 500, 502, 503, 422].map(status)).toEqual([
      'INVALID_ARGUMENT',
      'PERMISSION_DENIED',
      'NOT_FOUND',
      'RESOURCE_EXHAUSTED',
      'INTERNAL',
      'INTERNAL',
      'UNAVAILABLE',
      'INVALID_ARGUMENT',
    ]);
  });
});
