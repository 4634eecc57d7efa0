import { describe, expect, it } from 'vitest';
import answer from './__fixtures__/rerank.siliconflow.json' with { type: 'json' };
import { siliconflowRerankResponse } from './rerank.js';

describe('SiliconFlow rerank', () => {
  it("answers new-api's {results, usage} from meta.tokens, dropping the rest", () => {
    const usage = { prompt_tokens: 14, completion_tokens: 0, total_tokens: 14 };
    expect(siliconflowRerankResponse(answer)).toEqual({
      body: {
        results: [
          { document: { text: 'apple' }, index: 0, relevance_score: 0.9953 },
          { document: { text: 'banana' }, index: 1, relevance_score: 0.0026 },
        ],
        usage,
      },
      usage,
    });
  });

  it('leaves the usage to the relay when the answer has none', () => {
    expect(siliconflowRerankResponse({ results: [] }).usage).toBeUndefined();
  });
});
