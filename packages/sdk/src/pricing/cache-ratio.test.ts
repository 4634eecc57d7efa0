import { describe, expect, it } from 'vitest';
import { builtinCacheRatios, cacheCreationRatioOf, cacheRatioOf } from './cache-ratio.js';

describe('built-in cache ratios', () => {
  it.each([
    ['claude-sonnet-4-5-20250929', 0.1, 1.25],
    ['claude-3-5-haiku-20241022', 0.1, 1.25],
    ['gpt-4o-mini-2024-07-18', 0.5, 1],
    ['gpt-4o', 0.5, 1],
    ['o1-mini', 0.5, 1],
    ['o3', 0.5, 1],
    ['o4-mini', 0.5, 1],
    ['gpt-4.1-nano', 0.25, 1],
    ['gpt-5-mini', 0.1, 1],
    ['gemini-2.5-pro', 0.25, 1],
    ['gemini-2.0-flash', 0.25, 1],
    ['deepseek-chat', 0.1, 1],
  ])('%s reads at %s and writes at %s', (model, read, write) => {
    expect(builtinCacheRatios(model)).toEqual({ cacheRatio: read, cacheCreationRatio: write });
    expect(cacheRatioOf(model, {})).toBe(read);
    expect(cacheCreationRatioOf(model, {})).toBe(write);
  });

  it('gives no discount and no premium to models without a rule', () => {
    for (const model of ['gpt-4-turbo', 'gpt-3.5-turbo', 'gemini-1.5-pro', 'llama-3.1-70b', 'qwen2.5-72b']) {
      expect(builtinCacheRatios(model), model).toBeUndefined();
      expect(cacheRatioOf(model, {}), model).toBe(1);
      expect(cacheCreationRatioOf(model, {}), model).toBe(1);
    }
  });
});

describe('CacheRatio / CreateCacheRatio options', () => {
  it('win over the built-in rules for the exact model, and a 0 is kept', () => {
    expect(cacheRatioOf('gpt-4o', { 'gpt-4o': 0.3 })).toBe(0.3);
    expect(cacheRatioOf('gpt-4o', { 'gpt-4o': 0 })).toBe(0);
    expect(cacheCreationRatioOf('claude-opus-4-1', { 'claude-opus-4-1': 2 })).toBe(2);
    // An entry for another model changes nothing.
    expect(cacheRatioOf('gpt-4o-mini', { 'gpt-4o': 0.3 })).toBe(0.5);
  });

  it('match prefix* keys, the longest prefix first, after the exact name', () => {
    const map = { 'claude-*': 0.2, 'claude-opus-*': 0.15, 'claude-opus-4-1': 0.12 };
    expect(cacheRatioOf('claude-sonnet-4', map)).toBe(0.2);
    expect(cacheRatioOf('claude-opus-4', map)).toBe(0.15);
    expect(cacheRatioOf('claude-opus-4-1', map)).toBe(0.12);
    expect(cacheRatioOf('my-claude-model', map)).toBe(1);
  });

  it('give models named like Object.prototype members the built-in default', () => {
    expect(cacheRatioOf('toString', {})).toBe(1);
    expect(cacheCreationRatioOf('constructor', { 'gpt-4o': 0.3 })).toBe(1);
  });
});
