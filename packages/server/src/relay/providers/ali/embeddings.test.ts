import { describe, expect, it } from 'vitest';
import answer from './__fixtures__/embeddings.ali.json' with { type: 'json' };
import { RelayError } from '../../core/relay-error.js';
import { aliEmbeddings } from './embeddings.js';

const channel = { id: 1, type: 17, key: 'ali-key', baseUrl: '', other: '', organization: '', setting: {} };

describe('DashScope embeddings', () => {
  it("puts the texts under input.texts at DashScope's URL", () => {
    const req = aliEmbeddings.request(channel, { body: { input: 'hello' }, model: 'text-embedding-v3' });
    expect(req.url).toBe(
      'https://dashscope.aliyuncs.com/api/v1/services/embeddings/text-embedding/text-embedding',
    );
    expect(JSON.parse(req.body)).toEqual({ model: 'text-embedding-v3', input: { texts: ['hello'] } });
  });

  it("answers OpenAI's list with the text indexes and bills total_tokens as input", () => {
    const usage = { prompt_tokens: 12, completion_tokens: 0, total_tokens: 12 };
    expect(aliEmbeddings.response!(answer, 'text-embedding-v3')).toEqual({
      body: {
        object: 'list',
        data: [
          { object: 'embedding', index: 1, embedding: answer.output.embeddings[0]!.embedding },
          { object: 'embedding', index: 0, embedding: answer.output.embeddings[1]!.embedding },
        ],
        model: 'text-embedding-v3',
        usage,
      },
      usage,
    });
  });

  it('turns an answer carrying an error code into the error, as new-api does', () => {
    const fail = { code: 'InvalidParameter', message: 'Range of input length should be [1, 2048]' };
    expect(() => aliEmbeddings.response!(fail, 'm')).toThrow(RelayError);
    expect(() => aliEmbeddings.response!(fail, 'm')).toThrow('Range of input length');
  });
});
