import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_CONTENT_TOKENS, createMockServer, type MockServer } from '../src/index.js';
import { addChannel, lastConsumeLog } from './helpers.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 29 });
  await addChannel(mock, {
    name: 'gemini-alias',
    type: 24,
    models: ['gemini-alias'],
    mapping: { 'gemini-alias': 'gemini-2.0-flash' },
  });
});
afterAll(() => mock.close());
afterEach(() => mock.upstreams.gemini.reset());

/** A body with fields the relay's conversion does not know: pass-through must keep them. */
const body = {
  contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }],
  cachedContent: 'cachedContents/manual-v1',
  generationConfig: { maxOutputTokens: 5, thinkingConfig: { includeThoughts: true } },
};

const call = (base: string, model: string, action: string, key: string) =>
  fetch(`${base}/v1beta/models/${model}:${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
    body: JSON.stringify(body),
  });

/** responseIds count requests per fake; SSE framing (CRLF upstream) is the only other difference allowed. */
const normalise = (text: string) => text.replace(/mock\d+/g, 'mock#').replace(/\r\n/g, '\n');

describe('Gemini client on a Gemini channel: same-format pass-through', () => {
  it('forwards the body byte for byte and answers verbatim, cached tokens billed inside prompt tokens', async () => {
    const res = await call(mock.url, 'gemini-2.0-flash', 'generateContent', mock.credentials.apiKey);
    expect(res.status).toBe(200);
    const text = await res.text();
    // No safetySettings or other conversion: the client's own bytes.
    expect(mock.upstreams.gemini.requests.at(-1)!.raw).toBe(JSON.stringify(body));
    const direct = await call(mock.upstreams.gemini.url, 'gemini-2.0-flash', 'generateContent', 'AIza-k');
    expect(normalise(text)).toBe(normalise(await direct.text()));
    const usage = (JSON.parse(text) as { usageMetadata: Record<string, number> }).usageMetadata;
    expect(usage.cachedContentTokenCount).toBe(CACHED_CONTENT_TOKENS);
    const log = await lastConsumeLog(mock);
    expect(log.prompt_tokens).toBe(usage.promptTokenCount);
    expect(log.prompt_tokens).toBeGreaterThan(CACHED_CONTENT_TOKENS);
    expect(log.completion_tokens).toBe(usage.candidatesTokenCount! + usage.thoughtsTokenCount!);
  });

  it('streams the upstream events one by one, usage from the last usageMetadata', async () => {
    const res = await call(
      mock.url,
      'gemini-2.0-flash',
      'streamGenerateContent?alt=sse',
      mock.credentials.apiKey,
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    const direct = await call(
      mock.upstreams.gemini.url,
      'gemini-2.0-flash',
      'streamGenerateContent?alt=sse',
      'k',
    );
    expect(normalise(text)).toBe(normalise(await direct.text()));
    const events = text.split('\n\n').filter(Boolean);
    const last = JSON.parse(events.at(-1)!.replace(/^data: /, '')) as {
      usageMetadata: { promptTokenCount: number };
    };
    const log = await lastConsumeLog(mock);
    expect(log.is_stream).toBeTruthy();
    expect(log.prompt_tokens).toBe(last.usageMetadata.promptTokenCount);
  });

  it('names the requested model in modelVersion when model_mapping chose another', async () => {
    const res = await call(mock.url, 'gemini-alias', 'generateContent', mock.credentials.apiKey);
    expect(mock.upstreams.gemini.requests.at(-1)!.path).toBe(
      '/v1beta/models/gemini-2.0-flash:generateContent',
    );
    expect(((await res.json()) as { modelVersion: string }).modelVersion).toBe('gemini-alias');
    expect((await lastConsumeLog(mock)).model_name).toBe('gemini-alias');
  });
});
