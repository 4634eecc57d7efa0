import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { lastConsumeLog } from './helpers.js';
import { SPEECH_BYTES, TRANSCRIPT } from '../src/upstreams/openai-media.js';

let mock: MockServer;
let client: OpenAI;

beforeAll(async () => {
  mock = await createMockServer({ seed: 17 });
  client = new OpenAI({ apiKey: mock.credentials.apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  const ratios = JSON.parse(mock.ctx.options.get('ModelRatio'));
  await mock.ctx.options.set('ModelRatio', JSON.stringify({ ...ratios, 'rerank-v1': 0.05 }));
});
afterAll(() => mock.close());

const lastLog = () => lastConsumeLog(mock);

describe('image, audio, moderation and rerank routes', () => {
  it('generates images billed per call: price × n × group ratio', async () => {
    const res = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(res.data).toHaveLength(2);
    // dall-e-3 ModelPrice 0.04 USD × 2 images × 500000 quota per USD.
    expect((await lastLog()).quota).toBe(40_000);
  });

  it('speaks: the binary answer is passed through and input characters are billed', async () => {
    const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello there' });
    expect(Buffer.from(await speech.arrayBuffer())).toEqual(SPEECH_BYTES);
    const log = await lastLog();
    expect(log).toMatchObject({ model_name: 'tts-1', prompt_tokens: 'Hello there'.length });
  });

  it('transcribes a multipart upload, forwarding the file untouched', async () => {
    const file = await toFile(Buffer.from('RIFF....WAVEfmt '), 'clip.wav', { type: 'audio/wav' });
    const res = await client.audio.transcriptions.create({ model: 'whisper-1', file });
    expect(res.text).toBe(TRANSCRIPT);
    expect((await lastLog()).model_name).toBe('whisper-1');
    const sent = mock.upstreams.openai.requests.at(-1)!;
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
  });

  // The form parser used to rescan a part from every `name="`: this body held the event loop for seconds.
  it('parses a hostile form in one pass: the gateway keeps answering meanwhile', async () => {
    const hostile = `--B\r\nContent-Disposition: form-data; ${'name="a" '.repeat(32_000)}`;
    const started = Date.now();
    const [upload, status] = await Promise.all([
      fetch(`${mock.url}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${mock.credentials.apiKey}`,
          'content-type': 'multipart/form-data; boundary=B',
        },
        body: hostile,
      }),
      new Promise((r) => setTimeout(r, 20)).then(() => fetch(`${mock.url}/api/status`)),
    ]);
    // No model field: the endpoint's default model is relayed, as with any form without one.
    expect(upload.status).toBe(200);
    expect(status.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('moderates and reranks', async () => {
    const mod = await client.moderations.create({ model: 'text-moderation-stable', input: 'fine text' });
    expect(mod.results[0]!.flagged).toBe(false);
    const res = await fetch(`${mock.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.credentials.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-v1', query: 'cats', documents: ['a cat', 'a dog'] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(2);
    expect(await lastLog()).toMatchObject({ model_name: 'rerank-v1', prompt_tokens: 5 });
  });

  it('retrieves one model and answers 404 for a model the key cannot use', async () => {
    expect((await client.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini');
    await expect(client.models.retrieve('nope')).rejects.toMatchObject({ status: 404 });
  });
});
