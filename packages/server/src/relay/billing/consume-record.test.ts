import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { resolvePrice, type ResolvedPrice } from './pricing.js';
import type { Usage } from '../providers/types.js';
import { consumeRecord, type AttemptInfo } from './consume-record.js';

const info: AttemptInfo = {
  requestedModel: 'claude-sonnet-4-5',
  upstreamModel: 'claude-sonnet-4-5',
  channelId: 7,
  useChannel: ['7'],
  group: 'default',
  isStream: false,
  startedAt: 100,
  frtMs: -1000,
};

// claude-sonnet-4-5 at $3 / $15 per million: model ratio 1.5, completion ratio 5; cache 0.1 / 1.25.
const CLAUDE: ResolvedPrice = {
  modelRatio: 1.5,
  completionRatio: 5,
  groupRatio: 1,
  cacheRatio: 0.1,
  cacheCreationRatio: 1.25,
};

const usage = (prompt: number, completion: number, details?: Usage['prompt_tokens_details']): Usage => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  ...(details ? { prompt_tokens_details: details } : {}),
});

describe('consumeRecord with prompt-cache tokens', () => {
  it('bills cache reads and writes at their ratios and logs both', () => {
    // prompt 10000 = 1000 plain + 8000 read + 1000 written:
    // 1000 + 8000 × 0.1 + 1000 × 1.25 = 3050; completion round(200 × 5) = 1000; (3050 + 1000) × 1.5 = 6075
    const u = usage(10_000, 200, { cached_tokens: 8000, cache_creation_tokens: 1000 });
    const record = consumeRecord(CLAUDE, u, info, 500_000, 103);
    expect(record.quota).toBe(6075);
    expect(record.promptTokens).toBe(10_000);
    expect(record.content).toBe(
      '模型倍率 1.50，补全倍率 5.00，分组倍率 1.00，缓存倍率 0.10，缓存创建倍率 1.25',
    );
    expect(record.other).toMatchObject({
      model_ratio: 1.5,
      completion_ratio: 5,
      cache_tokens: 8000,
      cache_ratio: 0.1,
      cache_creation_tokens: 1000,
      cache_creation_ratio: 1.25,
    });
  });

  it('names only the cache ratio that applied in the content, but logs all four fields', () => {
    // 300 plain + 700 × 0.1 = 370; round(10 × 5) = 50; (370 + 50) × 1.5 × 0.5 (group) = 315
    const price = { ...CLAUDE, groupRatio: 0.5 };
    const record = consumeRecord(price, usage(1000, 10, { cached_tokens: 700 }), info, 500_000, 101);
    expect(record.quota).toBe(315);
    expect(record.content).toBe('模型倍率 1.50，补全倍率 5.00，分组倍率 0.50，缓存倍率 0.10');
    expect(record.other).toMatchObject({
      cache_tokens: 700,
      cache_ratio: 0.1,
      cache_creation_tokens: 0,
      cache_creation_ratio: 1.25,
    });
  });

  it('leaves the log unchanged when the upstream reported no cache tokens', () => {
    // (1000 + round(10 × 5)) × 1.5 = 1575
    const record = consumeRecord(CLAUDE, usage(1000, 10, { cached_tokens: 0 }), info, 500_000, 101);
    expect(record.quota).toBe(1575);
    expect(record.content).toBe('模型倍率 1.50，补全倍率 5.00，分组倍率 1.00');
    expect(record.other).not.toHaveProperty('cache_tokens');
    expect(record.other).not.toHaveProperty('cache_creation_ratio');
  });

  it('keeps per-call prices whatever the cache, logging the cache for the record', () => {
    // int(0.02 × 500000 × 1) = 10000
    const price = { ...CLAUDE, modelPrice: 0.02 };
    const record = consumeRecord(price, usage(1000, 10, { cached_tokens: 900 }), info, 500_000, 101);
    expect(record.quota).toBe(10_000);
    expect(record.content).toBe('模型价格 0.02，分组倍率 1.00');
    expect(record.other).toMatchObject({ cache_tokens: 900, cache_ratio: 0.1 });
  });
});

describe('resolvePrice cache ratios', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.options.set('ModelRatio', '{"claude-sonnet-4-5":1.5,"house-llm":1}');
  });
  afterAll(() => t.close());

  it('uses the built-in rules, and 1 / 1 for models without one', () => {
    expect(resolvePrice(t.ctx.options, 'claude-sonnet-4-5', 'default')).toMatchObject({
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
    });
    expect(resolvePrice(t.ctx.options, 'house-llm', 'default')).toMatchObject({
      cacheRatio: 1,
      cacheCreationRatio: 1,
    });
  });

  it('lets CacheRatio and CreateCacheRatio override them, live, with prefix* wildcards', async () => {
    await t.ctx.options.set('CacheRatio', '{"claude-*":0.2,"house-llm":0.5}');
    await t.ctx.options.set('CreateCacheRatio', '{"claude-sonnet-4-5":2}');
    expect(resolvePrice(t.ctx.options, 'claude-sonnet-4-5', 'default')).toMatchObject({
      cacheRatio: 0.2,
      cacheCreationRatio: 2,
    });
    expect(resolvePrice(t.ctx.options, 'house-llm', 'default')).toMatchObject({
      cacheRatio: 0.5,
      cacheCreationRatio: 1,
    });
  });
});
