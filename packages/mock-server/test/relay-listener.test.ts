// The chat routes are served from Node's request listener ahead of Fastify (relay-listener.ts), and by the
// same routes in Fastify for the URLs the listener leaves alone. Both ways must answer alike, and the raw
// path must keep Fastify's body rules.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 41 });
});
afterAll(() => mock.close());

const chatBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
const post = (path: string, body: string, type = 'application/json', lang = 'en') =>
  fetch(mock.url + path, {
    method: 'POST',
    headers: {
      'content-type': type,
      authorization: `Bearer ${mock.credentials.apiKey}`,
      'accept-language': lang,
    },
    body,
  });

/** A chat request whose body goes out in two writes 50 ms apart, with a declared length or chunked. */
function postInPieces(body: string, chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${mock.url}/v1/chat/completions`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${mock.credentials.apiKey}`,
          ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 50);
  });
}

describe('the relay listener', () => {
  it('answers chat on the exact path, and the same through Fastify with a trailing slash', async () => {
    for (const path of ['/v1/chat/completions', '/v1/chat/completions/']) {
      const res = await post(path, chatBody);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-oneapi-request-id')).toMatch(/^\d{17}[\w-]{8}$/);
      const json = (await res.json()) as { model: string; choices: unknown[]; usage: object };
      expect(json.model).toBe('gpt-4o-mini');
      expect(json.choices).toHaveLength(1);
    }
  });

  it('answers in-process inject (tests, mock-server) as over HTTP', async () => {
    const res = await mock.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mock.credentials.apiKey}` },
      payload: chatBody,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-oneapi-request-id']).toBeTruthy();
  });

  it("keeps Fastify's body rules: malformed, prototype keys, too large, not JSON", async () => {
    const bad = await post('/v1/chat/completions', '{"model":');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/not valid JSON/);
    const proto = await post('/v1/chat/completions', '{"__proto__":{"x":1},"model":"gpt-4o-mini"}');
    expect(proto.status).toBe(400);
    const empty = await post('/v1/chat/completions', '');
    expect(empty.status).toBe(400);
    const big = await post('/v1/chat/completions', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toMatch(/too large/);
    // Not declared JSON: left to Fastify, whose text parser hands the route a string, which is no chat body.
    const text = await post('/v1/chat/completions', chatBody, 'text/plain');
    expect(text.status).toBe(400);
    const octets = await post('/v1/chat/completions', chatBody, 'application/octet-stream');
    expect(octets.status).toBe(415);
    const deep = await post('/v1/chat/completions', '['.repeat(200) + ']'.repeat(200));
    expect(deep.status).toBe(400);
  });

  it('reads a body that comes in pieces, with a declared length or chunked, and bounds the chunked one', async () => {
    for (const chunked of [false, true]) {
      const res = await postInPieces(chatBody, chunked);
      expect(res.status, `chunked: ${chunked}`).toBe(200);
      expect((JSON.parse(res.text) as { model: string }).model).toBe('gpt-4o-mini');
    }
    const big = await postInPieces(JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }), true);
    expect(big.status).toBe(413);
  });

  it('sends the request id with streamed answers, passthrough ones included, and with errors', async () => {
    const stream = await post(
      '/v1/chat/completions',
      JSON.stringify({ ...JSON.parse(chatBody), stream: true }),
    );
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.headers.get('x-oneapi-request-id')).toMatch(/^\d{17}[\w-]{8}$/);
    expect(await stream.text()).toContain('data: [DONE]');
    // Streamed passthrough answers take the response over from Fastify, whose own headers are not sent.
    const legacy = await post(
      '/v1/completions',
      JSON.stringify({ model: 'gpt-3.5-turbo-instruct', prompt: 'Hi', stream: true }),
    );
    expect(legacy.headers.get('content-type')).toBe('text/event-stream');
    expect(legacy.headers.get('x-oneapi-request-id')).toMatch(/^\d{17}[\w-]{8}$/);
    expect(await legacy.text()).toContain('data: [DONE]');
    const bad = await post('/v1/chat/completions', '{');
    expect(bad.headers.get('x-oneapi-request-id')).toMatch(/^\d{17}[\w-]{8}$/);
  });

  it('answers errors in the client format of the path, in the caller language', async () => {
    const claude = await post('/v1/messages', '{', 'application/json', 'zh');
    expect(claude.status).toBe(400);
    const body = (await claude.json()) as { type: string; error: { message: string } };
    expect(body.type).toBe('error');
    expect(body.error.message).toBe('请求体不是合法的 JSON');
  });

  it('serves Gemini paths, plain or with the colon escaped (then through Fastify)', async () => {
    const gemini = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
    for (const path of [
      '/v1beta/models/gemini-2.0-flash:generateContent',
      '/v1beta/models/gemini-2.0-flash%3AgenerateContent',
    ]) {
      const res = await post(path, gemini);
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { candidates: unknown[] }).candidates.length).toBeGreaterThan(0);
    }
  });
});
