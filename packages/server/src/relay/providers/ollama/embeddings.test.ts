import { describe, expect, it } from 'vitest';
import answer from './__fixtures__/embed.ollama.json' with { type: 'json' };
import { ollamaEmbeddings } from './embeddings.js';

const channel = {
  id: 1,
  type: 4,
  key: 'o-key',
  baseUrl: 'http://ollama:11434',
  other: '',
  organization: '',
  setting: {},
};

describe('Ollama embeddings', () => {
  it('calls /api/embed with the text inputs', () => {
    const req = ollamaEmbeddings.request(channel, { body: { input: ['a', 'b'] }, model: 'all-minilm' });
    expect(req.url).toBe('http://ollama:11434/api/embed');
    expect(JSON.parse(req.body)).toEqual({ model: 'all-minilm', input: ['a', 'b'] });
  });

  it('answers one item per vector and bills prompt_eval_count', () => {
    const usage = { prompt_tokens: 8, completion_tokens: 0, total_tokens: 8 };
    expect(ollamaEmbeddings.response!(answer, 'all-minilm')).toEqual({
      body: {
        object: 'list',
        data: answer.embeddings.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        model: 'all-minilm',
        usage,
      },
      usage,
    });
  });
});
