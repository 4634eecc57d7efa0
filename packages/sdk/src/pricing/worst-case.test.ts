import { describe, expect, it } from 'vitest';
import { settleQuota } from './billing.js';
import { maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS } from './output-limits.js';
import { affordableCompletion, worstCaseQuota, type WorstCaseParams } from './worst-case.js';

const gpt4o: WorstCaseParams = { modelRatio: 1.25, groupRatio: 1, completionRatio: 4, promptTokens: 100 };

describe('worstCaseQuota', () => {
  /** The exact settlement at the bounds, which the worst case covers with half a token's price + 2 to spare. */
  const covers = (params: WorstCaseParams, completion: number, exact: number) => {
    const spare = 2 + (params.modelRatio * params.groupRatio) / 2;
    expect(worstCaseQuota(params, completion)).toBeGreaterThanOrEqual(exact);
    expect(worstCaseQuota(params, completion)).toBeLessThanOrEqual(exact + spare);
  };

  it('covers the settlement at the bounds', () => {
    // (100 + 1000 × 4) × 1.25 = 5125
    covers(gpt4o, 1000, 5125);
    covers(gpt4o, 1000, settleQuota({ ...gpt4o, promptTokens: 100, completionTokens: 1000 }));
  });

  it('multiplies the completion by the choices asked for', () => {
    covers({ ...gpt4o, choices: 3 }, 1000, (100 + 12_000) * 1.25);
  });

  it('prices every prompt token as a cache write when writes cost more', () => {
    const claude = { ...gpt4o, modelRatio: 1.5, completionRatio: 5, cacheCreationRatio: 1.25 };
    covers(claude, 0, Math.round(125 * 1.5));
  });

  it('covers awkward decimal ratios at every scale', () => {
    for (const modelRatio of [0.075, 0.0375, 1.25, 7.5, 0.1, 15, 37.5])
      for (const groupRatio of [0.1, 0.5, 1, 1.5, 3])
        for (const completionRatio of [1, 1.333, 3, 4, 5])
          for (const [prompt, completion] of [
            [1, 0],
            [7, 3],
            [133, 999],
            [100_000, 32_768],
            [3_000_000, 128_000],
          ] as const) {
            const p = { modelRatio, groupRatio, completionRatio, promptTokens: prompt };
            const exact = settleQuota({ ...p, completionTokens: completion });
            covers(p, completion, exact);
          }
  });

  it('bounds every usage within the bounds', () => {
    for (let prompt = 0; prompt <= 100; prompt += 7)
      for (let completion = 0; completion <= 1000; completion += 37)
        expect(
          settleQuota({ ...gpt4o, promptTokens: prompt, completionTokens: completion }),
        ).toBeLessThanOrEqual(worstCaseQuota(gpt4o, 1000));
  });

  it('is the per-call price for per-call models', () => {
    expect(worstCaseQuota({ ...gpt4o, modelPrice: 0.02 }, 1_000_000)).toBe(10_000);
  });
});

describe('affordableCompletion', () => {
  it('gives the limit when it fits', () => {
    expect(affordableCompletion(gpt4o, 1_000_000, 4096)).toBe(4096);
  });

  it('finds the largest budget that fits', () => {
    const free = 5127;
    const c = affordableCompletion(gpt4o, free, 100_000);
    expect(worstCaseQuota(gpt4o, c)).toBeLessThanOrEqual(free);
    expect(worstCaseQuota(gpt4o, c + 1)).toBeGreaterThan(free);
    expect(c).toBeGreaterThanOrEqual(999);
    expect(c).toBeLessThanOrEqual(1000);
  });

  it('answers -1 when not even the prompt fits', () => {
    expect(affordableCompletion(gpt4o, 124, 100)).toBe(-1);
    expect(affordableCompletion(gpt4o, 130, 100)).toBe(0);
  });
});

describe('maxOutputTokens', () => {
  it('takes the longest matching prefix', () => {
    expect(maxOutputTokens('gpt-4o-mini')).toBe(16_384);
    expect(maxOutputTokens('gpt-4-0613')).toBe(8_192);
    expect(maxOutputTokens('claude-3-7-sonnet-20250219')).toBe(64_000);
    expect(maxOutputTokens('Claude-3-haiku')).toBe(8_192);
    expect(maxOutputTokens('my-local-model')).toBe(DEFAULT_MAX_OUTPUT_TOKENS);
  });
});
