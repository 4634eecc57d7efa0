import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest } from '../types.js';
import { geminiUrl } from './api.js';
import { channel, fixture, FIXED_NOW, scrubIds } from './test-helpers.js';
import { geminiProvider } from './index.js';

interface ChatFixture {
  request: ChatRequest;
  upstreamRequest: unknown;
  response: unknown;
  expected: unknown;
}

beforeEach(() => {
  vi.useFakeTimers({ now: FIXED_NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const bodyOf = async (request: ChatRequest, model = request.model) =>
  JSON.parse((await geminiProvider.chatRequest(channel(), request, model)).body!) as Record<string, unknown>;

describe.each(['plain', 'function-calling', 'thoughts'])('gemini chat fixture %s', (name) => {
  const f = fixture<ChatFixture>(`${name}.json`);

  it('builds the captured upstream request', async () => {
    expect(await bodyOf(f.request)).toEqual(f.upstreamRequest);
  });

  it('reads the captured response into the expected unified response', () => {
    const out = geminiProvider.chatResponse(f.response, f.request.model);
    expect(scrubIds(out)).toEqual(f.expected);
  });
});

describe('gemini upstream request', () => {
  const request: ChatRequest = { model: 'gemini-2.0-flash', messages: [{ role: 'user', content: 'hi' }] };

  it('targets generateContent with the key in x-goog-api-key', async () => {
    const up = await geminiProvider.chatRequest(channel(), request, 'gemini-2.0-flash');
    expect(up).toMatchObject({
      method: 'POST',
      url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent',
      headers: { 'x-goog-api-key': 'AIza-test-key', 'content-type': 'application/json' },
    });
    expect(up.url).not.toContain('key=');
  });

  it('streams over SSE, honours base URL, version and the mapped model', async () => {
    const up = await geminiProvider.chatRequest(
      channel({ baseUrl: 'http://127.0.0.1:9999', other: 'v1' }),
      { ...request, stream: true },
      'models/gemini-1.5-pro',
    );
    expect(up.url).toBe('http://127.0.0.1:9999/v1/models/gemini-1.5-pro:streamGenerateContent?alt=sse');
    expect(geminiUrl(channel({ baseUrl: 'https://proxy.example/' }), 'm', false)).toBe(
      'https://proxy.example/v1beta/models/m:generateContent',
    );
  });

  it('maps tool_choice to functionCallingConfig and reasoning effort to thinking budgets', async () => {
    const tools: ChatRequest['tools'] = [{ type: 'function', function: { name: 'f' } }];
    const mode = async (tool_choice: ChatRequest['tool_choice']) =>
      (await bodyOf({ ...request, tools, tool_choice })).toolConfig;
    expect(await mode('auto')).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(await mode('none')).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(await mode({ type: 'function', function: { name: 'f' } })).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] },
    });
    for (const [effort, budget] of [
      ['low', 1024],
      ['high', 24576],
    ] as const) {
      const body = await bodyOf({ ...request, reasoning_effort: effort });
      expect(body.generationConfig).toEqual({
        thinkingConfig: { thinkingBudget: budget, includeThoughts: true },
      });
    }
  });

  it('sends json_schema as responseSchema and guesses fileData mime types', async () => {
    const body = await bodyOf({
      ...request,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'https://x.test/a.PNG' } },
            { type: 'image_url', image_url: { url: 'https://x.test/photo' } },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ],
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'r', schema: { type: 'object', additionalProperties: false, properties: {} } },
      },
    });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { fileData: { fileUri: 'https://x.test/a.PNG', mimeType: 'image/png' } },
          { fileData: { fileUri: 'https://x.test/photo', mimeType: 'image/jpeg' } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
        ],
      },
    ]);
    expect(body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: {} },
    });
  });
});

describe('gemini responses beyond the fixtures', () => {
  it('maps finish reasons and a blocked prompt to content_filter', () => {
    const finish = (finishReason: string) =>
      geminiProvider.chatResponse(
        { candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason }] },
        'm',
      ).choices[0]!.finish_reason;
    expect(finish('MAX_TOKENS')).toBe('length');
    expect(finish('SAFETY')).toBe('content_filter');
    expect(finish('RECITATION')).toBe('content_filter');
    expect(finish('PROHIBITED_CONTENT')).toBe('content_filter');
    const blocked = geminiProvider.chatResponse({ promptFeedback: { blockReason: 'SAFETY' } }, 'm');
    expect(blocked.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
    ]);
  });

  it('returns one choice per candidate and generates call_ ids', () => {
    const out = geminiProvider.chatResponse(
      {
        candidates: [
          { content: { parts: [{ text: 'a' }] }, finishReason: 'STOP', index: 0 },
          { content: { parts: [{ functionCall: { name: 'f' } }] }, finishReason: 'STOP', index: 1 },
        ],
      },
      'm',
    );
    expect(out.id).toMatch(/^chatcmpl-/);
    expect(out.choices.map((c) => c.finish_reason)).toEqual(['stop', 'tool_calls']);
    expect(out.choices[1]!.message.tool_calls![0]!.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(out.usage).toBeUndefined();
  });
});

describe('gemini errors', () => {
  it.each(fixture<{ status: number; body: unknown; expected: unknown }[]>('error.json'))(
    'reads a $status error body',
    ({ status, body, expected }) => {
      expect(geminiProvider.error(status, body)).toEqual(expected);
    },
  );
});
