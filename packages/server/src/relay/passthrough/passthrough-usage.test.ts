import { describe, expect, it } from 'vitest';
import { usageOf } from './passthrough-usage.js';
import { consumeRecord, type AttemptInfo } from '../billing/consume-record.js';

const info: AttemptInfo = {
  requestedModel: 'gpt-4o',
  upstreamModel: 'gpt-4o',
  channelId: 1,
  useChannel: ['1'],
  group: 'default',
  isStream: false,
  startedAt: 100,
  frtMs: -1000,
};

describe('usageOf', () => {
  it('keeps the cached prompt tokens of a completions answer', () => {
    const answer = {
      usage: {
        prompt_tokens: 2000,
        completion_tokens: 10,
        total_tokens: 2010,
        prompt_tokens_details: { cached_tokens: 1536, audio_tokens: 0 },
      },
    };
    expect(usageOf('completions', { prompt: 'hi' }, answer)).toEqual({
      prompt_tokens: 2000,
      completion_tokens: 10,
      total_tokens: 2010,
      prompt_tokens_details: { cached_tokens: 1536, audio_tokens: 0 },
    });
  });

  it('keeps cache reads and writes of an embeddings answer, so they are billed at the cache ratios', () => {
    const answer = {
      usage: { prompt_tokens: 1000, total_tokens: 1000, prompt_tokens_details: { cached_tokens: 800 } },
    };
    const usage = usageOf('embeddings', { input: 'x' }, answer)!;
    expect(usage.prompt_tokens_details).toEqual({ cached_tokens: 800 });
    // 200 plain + 800 × 0.5 = 600 prompt tokens billed, × model ratio 2; without the details it would be 2000.
    const price = {
      modelRatio: 2,
      completionRatio: 1,
      groupRatio: 1,
      cacheRatio: 0.5,
      cacheCreationRatio: 1,
    };
    expect(consumeRecord(price, usage, info, 500_000, 101).quota).toBe(1200);
  });

  it('drops counts that are not non-negative integers, and details left empty', () => {
    const details = { cached_tokens: '900', cache_creation_tokens: -5, audio_tokens: 1.5 };
    const answer = { usage: { prompt_tokens: 1000, completion_tokens: 0, prompt_tokens_details: details } };
    expect(usageOf('completions', {}, answer)).toEqual({
      prompt_tokens: 1000,
      completion_tokens: 0,
      total_tokens: 1000,
    });
    const partial = { cached_tokens: 300, cache_creation_tokens: null };
    const withPartial = { usage: { prompt_tokens: 1000, prompt_tokens_details: partial } };
    expect(usageOf('completions', {}, withPartial)?.prompt_tokens_details).toEqual({ cached_tokens: 300 });
    for (const bad of [null, 'x', 42, []]) {
      const odd = { usage: { prompt_tokens: 1000, prompt_tokens_details: bad } };
      expect(usageOf('embeddings', {}, odd), String(bad)).not.toHaveProperty('prompt_tokens_details');
    }
  });

  it('reads answers without details as before', () => {
    expect(usageOf('embeddings', {}, { usage: { prompt_tokens: 12, total_tokens: 12 } })).toEqual({
      prompt_tokens: 12,
      completion_tokens: 0,
      total_tokens: 12,
    });
    expect(usageOf('rerank', {}, { usage: { total_tokens: 30 } })).toEqual({
      prompt_tokens: 30,
      completion_tokens: 0,
      total_tokens: 30,
    });
    expect(usageOf('rerank', {}, { meta: { billed_units: { input_tokens: 7 } } })).toEqual({
      prompt_tokens: 7,
      completion_tokens: 0,
      total_tokens: 7,
    });
    expect(usageOf('completions', {}, { id: 'x' })).toBeUndefined();
    expect(usageOf('completions', {}, undefined)).toBeUndefined();
  });

  it('bills speech by its input characters', () => {
    expect(usageOf('audio/speech', { input: 'hello' }, undefined)).toEqual({
      prompt_tokens: 5,
      completion_tokens: 0,
      total_tokens: 5,
    });
  });
});
