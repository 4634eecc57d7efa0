import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLY, REPLY_WORDS, startGeminiUpstream, THOUGHT, type GeminiUpstream } from './gemini.js';

let up: GeminiUpstream;
beforeAll(async () => {
  up = await startGeminiUpstream();
});
afterAll(() => up?.close());
beforeEach(() => up.reset());

const contents = [{ role: 'user', parts: [{ text: 'say hello to me' }] }];

const post = (
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'x-goog-api-key': 'AIza-test' },
) =>
  fetch(`${up.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Splits an SSE body into its parsed `data:` payloads. */
const sseData = (text: string) =>
  text
    .split(/\r?\n\r?\n/)
    .filter(Boolean)
    .map((event) => JSON.parse(event.replace(/^data: /, '')));

describe('fake Gemini upstream', () => {
  it('answers generateContent with countable usageMetadata', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:generateContent', { contents });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      candidates: [{ content: { parts: [{ text: REPLY }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: 4 + 4,
        candidatesTokenCount: REPLY_WORDS.length,
        totalTokenCount: 8 + REPLY_WORDS.length,
      },
      modelVersion: 'gemini-2.0-flash',
      responseId: expect.any(String),
    });
    expect(up.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-2.0-flash:generateContent',
      body: { contents },
    });
    expect(up.requests[0]!.headers['x-goog-api-key']).toBe('AIza-test');
  });

  it('accepts ?key=, cuts at maxOutputTokens and sends thoughts when asked', async () => {
    const res = await post(
      '/v1/models/gemini-2.5-pro:generateContent?key=AIza-q',
      { contents, generationConfig: { maxOutputTokens: 3, thinkingConfig: { includeThoughts: true } } },
      {},
    );
    const body = await res.json();
    expect(body.candidates[0]).toMatchObject({
      content: { parts: [{ text: THOUGHT, thought: true }, { text: REPLY_WORDS.slice(0, 3).join(' ') }] },
      finishReason: 'MAX_TOKENS',
    });
    expect(body.usageMetadata).toMatchObject({ candidatesTokenCount: 3, thoughtsTokenCount: 5 });
    expect(up.requests[0]!.path).toBe('/v1/models/gemini-2.5-pro:generateContent');
  });

  it('calls the forced function', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:generateContent', {
      contents,
      tools: [{ functionDeclarations: [{ name: 'get_weather' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
    expect((await res.json()).candidates[0].content.parts).toEqual([
      { functionCall: { name: 'get_weather', args: {} } },
    ]);
  });

  it('streams SSE GenerateContentResponse events, the answer counted in the last usageMetadata only', async () => {
    const res = await post('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse', { contents });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseData(await res.text());
    expect(events).toHaveLength(REPLY_WORDS.length);
    expect(events.map((e) => e.candidates[0].content.parts[0].text).join('')).toBe(REPLY);
    for (const e of events.slice(0, -1)) {
      expect(e.candidates[0]).not.toHaveProperty('finishReason');
      expect(Object.keys(e.usageMetadata)).toEqual(['promptTokenCount']);
    }
    expect(events.at(-1)).toMatchObject({
      candidates: [{ finishReason: 'STOP' }],
      usageMetadata: { candidatesTokenCount: REPLY_WORDS.length },
    });
  });

  it('refuses a missing key with 403 and an invalid one with 400', async () => {
    const missing = await post('/v1beta/models/gemini-2.0-flash:generateContent', { contents }, {});
    expect(missing.status).toBe(403);
    expect((await missing.json()).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const bad = await post(
      '/v1beta/models/m:generateContent',
      { contents },
      { 'x-goog-api-key': 'invalid-1' },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('fails on demand by model name, header and setNextError', async () => {
    for (const [status, name] of [
      [429, 'RESOURCE_EXHAUSTED'],
      [500, 'INTERNAL'],
      [503, 'UNAVAILABLE'],
    ] as const) {
      const res = await post(`/v1beta/models/fail-${status}:generateContent`, { contents });
      expect(res.status).toBe(status);
      expect((await res.json()).error).toMatchObject({ code: status, status: name });
    }
    const byHeader = await post(
      '/v1beta/models/m:generateContent',
      { contents },
      { 'x-goog-api-key': 'k', 'x-mock-fail': '404' },
    );
    expect(byHeader.status).toBe(404);
    up.setNextError(400, { error: { code: 400, message: 'custom', status: 'INVALID_ARGUMENT' } });
    const first = await post('/v1beta/models/m:generateContent', { contents });
    expect((await first.json()).error.message).toBe('custom');
    expect((await post('/v1beta/models/m:generateContent', { contents })).status).toBe(200);
  });

  it('rejects unknown paths and bodies without contents', async () => {
    expect((await post('/v1beta/models/m:countTokens', { contents })).status).toBe(404);
    expect((await post('/v1beta/models/m:generateContent', {})).status).toBe(400);
  });

  it('delays answers via setLatency and slow-<ms>', async () => {
    up.setLatency(120);
    let start = Date.now();
    await post('/v1beta/models/m:generateContent', { contents });
    expect(Date.now() - start).toBeGreaterThanOrEqual(100);
    up.setLatency(0);
    start = Date.now();
    await post('/v1beta/models/slow-150:generateContent', { contents });
    expect(Date.now() - start).toBeGreaterThanOrEqual(130);
  });
});
