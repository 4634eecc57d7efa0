import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ seed: 29 });
});
afterAll(() => mock.close());

const upstreamCalls = () =>
  mock.upstreams.openai.requests.length +
  mock.upstreams.anthropic.requests.length +
  mock.upstreams.gemini.requests.length;

async function post(path: string, body: unknown, contentType = 'application/json') {
  const res = await fetch(`${mock.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${mock.credentials.apiKey}`,
      'content-type': contentType,
      'accept-language': 'en',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { type?: string; error: { message: string } } };
}

const chat = (over: Record<string, unknown>) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});
const claude = (over: Record<string, unknown>) => ({
  model: 'claude-3-5-sonnet-20241022',
  max_tokens: 50,
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});
const GEMINI = '/v1beta/models/gemini-2.0-flash:generateContent';
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('malformed relay bodies', () => {
  it('answers OpenAI clients 400 in their shape, naming the field, before any upstream call', async () => {
    const before = upstreamCalls();
    const cases: [unknown, string][] = [
      [chat({ max_tokens: 'abc' }), 'max_tokens'],
      [chat({ max_tokens: [1] }), 'max_tokens'],
      [chat({ max_tokens: 2 ** 31 }), 'max_tokens'],
      [chat({ messages: [{ role: 'user', content: 5 }] }), 'messages[0].content'],
      [chat({ messages: [{ role: 'user', content: [{ type: 'text' }] }] }), 'messages[0].content[0].text'],
      [chat({ stream: 'yes' }), 'stream'],
      [chat({ tools: [{ type: 'function', function: { name: 7 } }] }), 'tools[0].function.name'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/v1/chat/completions', body);
      expect(res.status, field).toBe(400);
      expect(res.body.error).toMatchObject({
        type: 'new_api_error',
        param: field,
        code: 'invalid_text_request',
      });
      expect(res.body.error.message).toContain(`invalid request parameter ${field}`);
    }
    const noModel = await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }] });
    expect(noModel).toMatchObject({ status: 400, body: { error: { code: 'invalid_text_request' } } });
    const images = await post('/v1/images/generations', { model: 'dall-e-3', prompt: 'cat', n: 'abc' });
    expect(images.status).toBe(400);
    expect(images.body.error).toMatchObject({ param: 'n' });
    expect(upstreamCalls()).toBe(before);
  });

  it('answers Claude clients 400 in Anthropic’s error shape', async () => {
    const cases: [unknown, string][] = [
      [{ max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, 'the model is required'],
      [claude({ messages: 'hi' }), 'messages must not be empty'],
      [claude({ max_tokens: '100' }), 'max_tokens'],
      [claude({ messages: [{ role: 'user', content: [{ type: 'image' }] }] }), 'messages[0].content'],
      [claude({ messages: [{ role: 'robot', content: 'hi' }] }), 'messages[0].role'],
      [claude({ system: 42 }), 'system'],
    ];
    for (const [body, text] of cases) {
      const res = await post('/v1/messages', body);
      expect(res.status, text).toBe(400);
      expect(res.body.type).toBe('error');
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error' });
      expect(res.body.error.message).toContain(text);
    }
  });

  it('answers Gemini clients 400 with INVALID_ARGUMENT', async () => {
    for (const body of [{ contents: 5 }, { contents: [{ parts: 'hi' }] }, {}]) {
      const res = await post(GEMINI, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(res.body.error.message).toContain('contents');
    }
  });

  it('answers bodies that are not JSON objects, and 10,000-deep JSON, with 400 in each format', async () => {
    const json = JSON.stringify(chat({}));
    for (const [path, shape] of [
      ['/v1/chat/completions', { error: { type: expect.any(String) } }],
      ['/v1/messages', { type: 'error', error: { type: 'invalid_request_error' } }],
      [GEMINI, { error: { code: 400, status: 'INVALID_ARGUMENT' } }],
    ] as const) {
      for (const [body, type] of [
        [json, 'text/plain'],
        ['[1,2]', 'application/json'],
        ['"text"', 'application/json'],
        [deep(10_000), 'application/json'],
        ['{"a":', 'application/json'],
      ]) {
        const res = await post(path, body!, type);
        expect(res.status, `${path} ${type} ${body!.slice(0, 20)}`).toBe(400);
        expect(res.body).toMatchObject(shape);
      }
    }
    const nested = await post('/v1/embeddings', `{"model":"text-embedding-3-small","input":${deep(10_000)}}`);
    expect(nested.status).toBe(400);
    expect(JSON.stringify(nested.body)).toContain('nested too deeply');
  });

  it('keeps every legal form working: parts, tools, nulls and fields it does not know', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const openai = await post(
      '/v1/chat/completions',
      chat({
        messages: [
          { role: 'system', content: 'be brief' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'what is this?' },
              { type: 'image_url', image_url: { url: png, detail: 'low' } },
            ],
          },
        ],
        temperature: null,
        max_tokens: 20,
        stop: ['x'],
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
        some_vendor_field: { anything: [1, 2, 3] },
      }),
    );
    expect(openai.status).toBe(200);
    const anthropic = await post(
      '/v1/messages',
      claude({
        system: [{ type: 'text', text: 'be brief' }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
        ],
        tools: [{ name: 'f', input_schema: { type: 'object' } }],
      }),
    );
    expect(anthropic.status).toBe(200);
    const gemini = await post(GEMINI, {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generation_config: { max_output_tokens: 20, thinking_config: { thinking_budget: -1 } },
    });
    expect(gemini.status).toBe(200);
  });
});
