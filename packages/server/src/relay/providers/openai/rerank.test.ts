import { describe, expect, it } from 'vitest';
import { openaiRerankResponse } from './rerank.js';
import { base64Embedding, encodeEmbeddings } from './embedding-encoding.js';

describe("Jina-style rerank answers in new-api's shape", () => {
  it('keeps results and the usage, total_tokens billed as input', () => {
    const jina = {
      model: 'jina-reranker-v2-base-multilingual',
      usage: { total_tokens: 15 },
      results: [
        { index: 1, document: { text: 'b' }, relevance_score: 0.5 },
        { index: 0, relevance_score: 0.1 },
      ],
    };
    const usage = { prompt_tokens: 15, completion_tokens: 0, total_tokens: 15 };
    expect(openaiRerankResponse(jina)).toEqual({
      body: {
        results: [
          { document: { text: 'b' }, index: 1, relevance_score: 0.5 },
          { index: 0, relevance_score: 0.1 },
        ],
        usage,
      },
      usage,
    });
    expect(openaiRerankResponse({ results: 'nonsense' })).toEqual({
      body: { results: [], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } },
    });
  });
});

describe('base64 embeddings', () => {
  it("encodes float32 little-endian, as OpenAI's SDKs decode them", () => {
    const encoded = base64Embedding([0.5, -1, 2]);
    const bytes = Buffer.from(encoded, 'base64');
    expect([0, 4, 8].map((at) => bytes.readFloatLE(at))).toEqual([0.5, -1, 2]);
  });

  it('encodes only when the client asked for base64', () => {
    const answer = { object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1] }] };
    expect(encodeEmbeddings(answer, undefined)).toBe(answer);
    expect(encodeEmbeddings(answer, 'float')).toBe(answer);
    expect(encodeEmbeddings(answer, 'base64')).toEqual({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: base64Embedding([1]) }],
    });
  });
});
