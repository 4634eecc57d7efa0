import { describe, expect, it } from 'vitest';
import batch from './__fixtures__/batch-embed.gemini.json' with { type: 'json' };
import predict from './__fixtures__/predict.imagen.json' with { type: 'json' };
import { geminiEmbeddings } from './embeddings.js';
import { geminiImages, isImagenModel } from './images.js';

const channel = { id: 1, type: 24, key: 'g-key', baseUrl: '', other: '', organization: '', setting: {} };

describe('Gemini embeddings', () => {
  it('sends every text input in one batchEmbedContents call', () => {
    const req = geminiEmbeddings.request(channel, {
      body: { input: ['a', 'b', [1, 2]], dimensions: 256 },
      model: 'models/text-embedding-004',
    });
    expect(req.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/text-embedding-004:batchEmbedContents',
    );
    expect(req.headers['x-goog-api-key']).toBe('g-key');
    expect(JSON.parse(req.body)).toEqual({
      requests: ['a', 'b'].map((text) => ({
        model: 'models/text-embedding-004',
        content: { parts: [{ text }] },
        outputDimensionality: 256,
      })),
    });
  });

  it("answers OpenAI's list in order, named as the client asked, with no usage of its own", () => {
    expect(geminiEmbeddings.response!(batch, 'my-embedder')).toEqual({
      body: {
        object: 'list',
        data: batch.embeddings.map((e, index) => ({ object: 'embedding', index, embedding: e.values })),
        model: 'my-embedder',
      },
    });
  });
});

describe('Imagen', () => {
  it('is the only image model family of a Gemini channel', () => {
    expect(isImagenModel('imagen-3.0-generate-002')).toBe(true);
    expect(isImagenModel('models/imagen-4.0-generate-001')).toBe(true);
    expect(isImagenModel('gemini-2.0-flash')).toBe(false);
  });

  it('converts n and size as new-api does; unknown sizes are square', () => {
    const body = (size: string, n?: number) =>
      JSON.parse(
        geminiImages.request(
          { ...channel, other: 'v1' },
          { body: { prompt: 'p', size, ...(n ? { n } : {}) }, model: 'imagen-3.0-generate-002' },
        ).body,
      );
    expect(body('1024x1792', 3)).toEqual({
      instances: [{ prompt: 'p' }],
      parameters: { sampleCount: 3, aspectRatio: '9:16', personGeneration: 'allow_adult' },
    });
    expect(body('512x512').parameters).toMatchObject({ sampleCount: 1, aspectRatio: '1:1' });
  });

  it('answers the unfiltered images as b64_json', () => {
    const { body } = geminiImages.response!(predict, 'imagen');
    expect((body as { data: unknown }).data).toEqual([
      { b64_json: 'iVBORw0KGgo=' },
      { b64_json: 'R0lGODlh' },
    ]);
  });
});
