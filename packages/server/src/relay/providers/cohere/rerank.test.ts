import { describe, expect, it } from 'vitest';
import answer from './__fixtures__/rerank.cohere.json' with { type: 'json' };
import { cohereRerank } from './rerank.js';

const channel = { id: 1, type: 34, key: 'co-key', baseUrl: '', other: '', organization: '', setting: {} };

describe('Cohere rerank', () => {
  it('asks Cohere for one result with its document unless top_n says otherwise', () => {
    const req = cohereRerank.request(channel, {
      body: { model: 'rerank-v3.5', query: 'capital', documents: ['a', 'b'], extra: 1 },
      model: 'rerank-v3.5',
    });
    expect(req.url).toBe('https://api.cohere.ai/v1/rerank');
    expect(req.headers.authorization).toBe('Bearer co-key');
    expect(JSON.parse(req.body)).toEqual({
      query: 'capital',
      documents: ['a', 'b'],
      model: 'rerank-v3.5',
      top_n: 1,
      return_documents: true,
    });
    const three = cohereRerank.request(channel, { body: { top_n: 3 }, model: 'm' });
    expect(JSON.parse(three.body)).toMatchObject({ top_n: 3, query: '', documents: [] });
  });

  it("answers new-api's {results, usage} with the billed units as usage", () => {
    const usage = { prompt_tokens: 64, completion_tokens: 0, total_tokens: 64 };
    expect(cohereRerank.response!(answer, 'rerank-v3.5')).toEqual({
      body: {
        results: [
          { document: answer.results[0]!.document, index: 2, relevance_score: 0.9993 },
          { document: answer.results[1]!.document, index: 0, relevance_score: 0.0125 },
        ],
        usage,
      },
      usage,
    });
  });

  it('reports no usage when Cohere bills search units only, so the relay bills its estimate', () => {
    const searchOnly = { ...answer, meta: { billed_units: { search_units: 1 } } };
    expect(cohereRerank.response!(searchOnly, 'm').usage).toBeUndefined();
  });
});
