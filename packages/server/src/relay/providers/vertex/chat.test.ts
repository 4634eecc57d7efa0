import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { toGeminiRequest } from '../gemini/chat.js';
import type { ChatRequest, UpstreamRequest } from '../types.js';
import { vertexRegion, vertexUrl } from './api.js';
import { clearVertexTokenCache } from './auth.js';
import { toVertexClaude, vertexError } from './chat.js';
import { createVertexProvider } from './index.js';
import { fakeTokenEndpoint, fixture, testAccount, vertexChannel } from './test-helpers.js';

const anthropicFixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../anthropic/__fixtures__/${name}`, import.meta.url), 'utf8'));

const { account } = testAccount();
const channel = vertexChannel(account);
const hello: ChatRequest = { model: 'x', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 64 };

beforeEach(() => clearVertexTokenCache());

describe('vertex URLs', () => {
  const prefix = 'https://us-east5-aiplatform.googleapis.com/v1/projects/p1/locations/us-east5/publishers';

  it('targets the anthropic publisher for Claude and the google publisher for Gemini', () => {
    const at = (model: string, stream: boolean) => vertexUrl(channel, 'p1', 'us-east5', model, stream);
    expect(at('claude-3-5-sonnet-v2@20241022', false)).toBe(
      `${prefix}/anthropic/models/claude-3-5-sonnet-v2@20241022:rawPredict`,
    );
    expect(at('claude-3-5-sonnet-v2@20241022', true)).toBe(
      `${prefix}/anthropic/models/claude-3-5-sonnet-v2@20241022:streamRawPredict`,
    );
    expect(at('gemini-2.0-flash', false)).toBe(`${prefix}/google/models/gemini-2.0-flash:generateContent`);
    expect(at('models/gemini-2.0-flash', true)).toBe(
      `${prefix}/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse`,
    );
  });

  it('uses the global host for the global location, and base_url over any host', () => {
    expect(vertexUrl(channel, 'p1', 'global', 'gemini-2.5-pro', false)).toBe(
      'https://aiplatform.googleapis.com/v1/projects/p1/locations/global/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    const local = vertexChannel(account, { baseUrl: 'http://127.0.0.1:9100/' });
    expect(vertexUrl(local, 'p1', 'us-east5', 'claude-3-haiku@20240307', false)).toBe(
      'http://127.0.0.1:9100/v1/projects/p1/locations/us-east5/publishers/anthropic/models/claude-3-haiku@20240307:rawPredict',
    );
  });

  it('reads the region from other: empty, plain, or a model → region JSON', () => {
    expect(vertexRegion(channel, 'm')).toBe('us-central1');
    expect(vertexRegion(vertexChannel(account, { other: ' europe-west1 ' }), 'm')).toBe('europe-west1');
    const mapped = vertexChannel(account, { other: '{"default":"us-central1","claude-x":"us-east5"}' });
    expect(vertexRegion(mapped, 'claude-x')).toBe('us-east5');
    expect(vertexRegion(mapped, 'gemini-2.0-flash')).toBe('us-central1');
  });
});

describe('vertex requests', () => {
  const provider = (fetch = fakeTokenEndpoint().fetch) => createVertexProvider({ fetch });

  it("builds Claude's body with Vertex's anthropic_version, no model or metadata, stream kept (fixture)", () => {
    const request = anthropicFixture('request.unified.json') as ChatRequest;
    const { model, body } = toVertexClaude(request, 'claude-3-5-sonnet-20241022');
    expect(model).toBe('claude-3-5-sonnet-v2@20241022');
    expect(body).toEqual(fixture('request.vertex-claude.json'));
  });

  it('sends a Claude model to rawPredict with the bearer token', async () => {
    const endpoint = fakeTokenEndpoint();
    const up = await provider(endpoint.fetch).chatRequest(
      vertexChannel(account, { other: 'us-east5' }),
      hello,
      'claude-3-7-sonnet-20250219',
    );
    expect(up).toEqual({
      url: 'https://us-east5-aiplatform.googleapis.com/v1/projects/demo-project/locations/us-east5/publishers/anthropic/models/claude-3-7-sonnet@20250219:rawPredict',
      method: 'POST',
      headers: { authorization: 'Bearer ya29.c.b0AXv0zTOKEN', 'content-type': 'application/json' },
      body: JSON.stringify({
        anthropic_version: 'vertex-2023-10-16',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 64,
      }),
    } satisfies UpstreamRequest);
    expect(endpoint.calls).toHaveLength(1);
  });

  it('sends a Gemini model to streamGenerateContent with the Gemini body', async () => {
    const request: ChatRequest = { ...hello, stream: true };
    const up = await provider().chatRequest(channel, request, 'gemini-2.0-flash');
    expect(up.url).toBe(
      'https://us-central1-aiplatform.googleapis.com/v1/projects/demo-project/locations/us-central1/publishers/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse',
    );
    expect(up.headers).toEqual({
      authorization: 'Bearer ya29.c.b0AXv0zTOKEN',
      'content-type': 'application/json',
      accept: 'text/event-stream',
    });
    expect(JSON.parse(up.body!)).toEqual(JSON.parse(JSON.stringify(toGeminiRequest(request))));
  });

  it('reuses the cached token across requests', async () => {
    const endpoint = fakeTokenEndpoint();
    const vertex = provider(endpoint.fetch);
    await vertex.chatRequest(channel, hello, 'gemini-2.0-flash');
    await vertex.chatRequest(channel, hello, 'claude-3-5-haiku-20241022');
    expect(endpoint.calls).toHaveLength(1);
  });

  it('rejects a key that is not a service account', async () => {
    await expect(
      provider().chatRequest(vertexChannel(account, { key: 'AIza-key' }), hello, 'gemini-2.0-flash'),
    ).rejects.toThrow(/service-account JSON/);
  });
});

describe('vertex responses and errors', () => {
  const vertex = createVertexProvider();

  it('reads Claude answers with the anthropic transforms and Gemini answers with the gemini ones', () => {
    const claude = vertex.chatResponse(
      anthropicFixture('response.claude.json'),
      'claude-3-7-sonnet@20250219',
    );
    expect({ ...claude, created: 0 }).toEqual({
      ...(anthropicFixture('response.unified.json') as object),
      created: 0,
    });
    const gemini = vertex.chatResponse(
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi!' }] }, finishReason: 'STOP' }] },
      'gemini-2.0-flash',
    );
    expect(gemini.choices[0]!.message.content).toBe('Hi!');
    expect(gemini.choices[0]!.finish_reason).toBe('stop');
  });

  it('streams Claude events and Gemini events through their own converters', () => {
    const claude = vertex.chatStream('claude-3-5-haiku@20241022');
    const start = { type: 'message_start', message: { id: 'msg_v', model: 'claude-3-5-haiku', usage: {} } };
    expect(claude.event({ data: JSON.stringify(start) })[0]!.id).toBe('msg_v');
    const gemini = vertex.chatStream('gemini-2.0-flash');
    const part = { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] } }] };
    expect(gemini.event({ data: JSON.stringify(part) })[0]!.choices[0]!.delta.content).toBe('Hi');
  });

  it("reads Google's error envelope and Claude's error body (fixtures)", () => {
    expect(vertexError(403, fixture('error.google.json'))).toMatchObject({
      type: 'PERMISSION_DENIED',
      code: 403,
    });
    expect(vertexError(529, fixture('error.claude.json'))).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      code: 'overloaded_error',
    });
  });
});
