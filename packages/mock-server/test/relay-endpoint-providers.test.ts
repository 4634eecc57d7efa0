import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { IMAGEN_PNG_BASE64, startEndpointProviders } from '../src/upstreams/endpoint-providers.js';
import type { FakeUpstream } from '../src/upstreams/fake-server.js';
import { addChannel, lastConsumeLog } from './helpers.js';

/**
 * The non-chat endpoints on channel types whose API is not OpenAI's (new-api's adaptors): each request reaches
 * the provider's own URL in its own shape, the answer comes back in OpenAI's (new-api's for rerank), and the
 * usage billed is the provider's, or the relay's estimate when it reports none.
 */
let mock: MockServer;
let fake: FakeUpstream;
let client: OpenAI;

const MODELS: [type: number, provider: string, models: string[], other?: string][] = [
  [34, 'cohere', ['rerank-english-v3.0']],
  [38, 'jina', ['jina-reranker-v2', 'jina-embeddings-v3']],
  [40, 'siliconflow', ['BAAI/bge-reranker-v2-m3']],
  [24, 'gemini', ['text-embedding-004', 'imagen-3.0-generate-002', 'gemini-2.0-flash']],
  [17, 'ali', ['text-embedding-v3']],
  [4, 'ollama', ['nomic-embed-text']],
  [45, 'volcengine', ['doubao-embedding']],
  [44, 'mokaai', ['m3e-base']],
  [39, 'cloudflare', ['@cf/baai/bge-base-en-v1.5'], 'acct-42'],
];

beforeAll(async () => {
  mock = await createMockServer({ seed: 26 });
  fake = await startEndpointProviders();
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  for (const [type, provider, models, other] of MODELS) {
    await addChannel(mock, {
      name: provider,
      type,
      models,
      baseUrl: `${fake.url}/${provider}`,
      ...(other ? { other } : {}),
    });
  }
  const prices = JSON.parse(mock.ctx.options.get('ModelPrice')) as Record<string, number>;
  await mock.ctx.options.set('ModelPrice', JSON.stringify({ ...prices, 'imagen-3.0-generate-002': 0.03 }));
});
afterAll(async () => {
  await mock.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${mock.url}/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers under test
};

const sent = () => fake.requests.at(-1)!;

/** The relay's estimate when nothing is reported: a quarter token per character of the billed text, plus one. */
const estimate = (text: string) => Math.ceil(text.length / 4) + 1;

describe('rerank', () => {
  const rerank = { query: 'cats', documents: ['a cat', 'a dog'] };

  it('converts to Cohere (top_n 1, documents returned) and bills the estimate Cohere does not report', async () => {
    const res = await post('rerank', { model: 'rerank-english-v3.0', ...rerank });
    expect(sent()).toMatchObject({
      path: '/cohere/v1/rerank',
      body: {
        query: 'cats',
        documents: ['a cat', 'a dog'],
        model: 'rerank-english-v3.0',
        top_n: 1,
        return_documents: true,
      },
    });
    expect(sent().headers.authorization).toBe('Bearer key-cohere');
    const billed = estimate('catsa cat a dog');
    expect(res).toEqual({
      status: 200,
      body: {
        results: [{ document: { text: 'a cat' }, index: 0, relevance_score: 1 }],
        usage: { prompt_tokens: billed, completion_tokens: 0, total_tokens: billed },
      },
    });
    expect(await lastConsumeLog(mock)).toMatchObject({
      model_name: 'rerank-english-v3.0',
      prompt_tokens: billed,
    });
  });

  it("answers SiliconFlow's in new-api's shape, billing its meta.tokens", async () => {
    const res = await post('rerank', { model: 'BAAI/bge-reranker-v2-m3', ...rerank });
    expect(sent().path).toBe('/siliconflow/v1/rerank');
    expect(res.body.results).toHaveLength(2);
    expect(res.body.usage).toEqual({ prompt_tokens: 5, completion_tokens: 0, total_tokens: 5 });
    expect(res.body).not.toHaveProperty('meta');
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(5);
  });

  it("bills Jina's usage.total_tokens and drops its other fields", async () => {
    const res = await post('rerank', { model: 'jina-reranker-v2', ...rerank, top_n: 1 });
    expect(sent()).toMatchObject({ path: '/jina/v1/rerank', body: { top_n: 1 } });
    expect(Object.keys(res.body).sort()).toEqual(['results', 'usage']);
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(5);
  });
});

describe('embeddings', () => {
  it('batches every input into one Gemini batchEmbedContents call', async () => {
    const res = await client.embeddings.create({
      model: 'text-embedding-004',
      input: ['first text', 'second'],
      dimensions: 4,
    });
    expect(sent()).toMatchObject({
      path: '/gemini/v1beta/models/text-embedding-004:batchEmbedContents',
      body: {
        requests: [
          {
            model: 'models/text-embedding-004',
            content: { parts: [{ text: 'first text' }] },
            outputDimensionality: 4,
          },
          {
            model: 'models/text-embedding-004',
            content: { parts: [{ text: 'second' }] },
            outputDimensionality: 4,
          },
        ],
      },
    });
    expect(sent().headers['x-goog-api-key']).toBe('key-gemini');
    expect(res.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 4],
      [1, 4],
    ]);
    const billed = estimate('first text second');
    expect(res.usage).toMatchObject({ prompt_tokens: billed, total_tokens: billed });
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(billed);
  });

  it("converts to DashScope and bills Alibaba's total_tokens", async () => {
    const res = await client.embeddings.create({ model: 'text-embedding-v3', input: ['one two', 'three'] });
    expect(sent()).toMatchObject({
      path: '/ali/api/v1/services/embeddings/text-embedding/text-embedding',
      body: { model: 'text-embedding-v3', input: { texts: ['one two', 'three'] } },
    });
    // The SDK asks for base64 and decodes it: the converted vectors are encoded as OpenAI encodes them.
    expect(res.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 8],
      [1, 8],
    ]);
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(3);
  });

  it('gives each Ollama vector its own item and bills prompt_eval_count', async () => {
    const res = await client.embeddings.create({ model: 'nomic-embed-text', input: ['a b', 'c'] });
    expect(sent()).toMatchObject({
      path: '/ollama/api/embed',
      body: { model: 'nomic-embed-text', input: ['a b', 'c'] },
    });
    expect(res.data).toHaveLength(2);
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(3);
  });

  it('answers float vectors to a client asking for floats', async () => {
    const res = await post('embeddings', {
      model: 'nomic-embed-text',
      input: 'a b',
      encoding_format: 'float',
    });
    expect(res.body.data[0].embedding).toHaveLength(8);
    expect(typeof res.body.data[0].embedding[0]).toBe('number');
  });

  it('reaches Volcengine, MokaAI and Cloudflare at their own paths', async () => {
    await client.embeddings.create({ model: 'doubao-embedding', input: 'hello there' });
    expect(sent().path).toBe('/volcengine/api/v3/embeddings');
    await client.embeddings.create({ model: 'm3e-base', input: 'hello there' });
    expect(sent().path).toBe('/mokaai/embeddings');
    await client.embeddings.create({ model: '@cf/baai/bge-base-en-v1.5', input: 'hello there' });
    expect(sent().path).toBe('/cloudflare/client/v4/accounts/acct-42/ai/v1/embeddings');
    expect((await lastConsumeLog(mock)).prompt_tokens).toBe(2);
  });
});

describe('images', () => {
  it('generates with Imagen: n and size converted, b64 images, billed per image', async () => {
    const res = await client.images.generate({
      model: 'imagen-3.0-generate-002',
      prompt: 'a lighthouse',
      n: 2,
      size: '1792x1024',
    });
    expect(sent()).toMatchObject({
      path: '/gemini/v1beta/models/imagen-3.0-generate-002:predict',
      body: {
        instances: [{ prompt: 'a lighthouse' }],
        parameters: { sampleCount: 2, aspectRatio: '16:9', personGeneration: 'allow_adult' },
      },
    });
    expect(res.data).toEqual([{ b64_json: IMAGEN_PNG_BASE64 }, { b64_json: IMAGEN_PNG_BASE64 }]);
    // 0.03 USD × 2 (1792 size) × 2 images × 500000.
    expect((await lastConsumeLog(mock)).quota).toBe(60_000);
  });

  it('leaves out images Imagen filtered', async () => {
    const res = await client.images.generate({ model: 'imagen-3.0-generate-002', prompt: 'unsafe', n: 2 });
    expect(res.data).toHaveLength(1);
  });

  it('never sends a Gemini chat model an image request', async () => {
    const prices = JSON.parse(mock.ctx.options.get('ModelPrice')) as Record<string, number>;
    await mock.ctx.options.set('ModelPrice', JSON.stringify({ ...prices, 'gemini-2.0-flash': 0.01 }));
    const res = await post('images/generations', { model: 'gemini-2.0-flash', prompt: 'x' });
    expect(res.status).toBe(503);
    expect(fake.requests).toHaveLength(0);
  });
});
