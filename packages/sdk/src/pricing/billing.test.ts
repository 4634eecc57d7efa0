import { describe, expect, it } from 'vitest';

import { perCallQuota, preConsumeQuota, settleQuota, settlementDelta, trustShortcut } from './billing.js';

// gpt-4o-mini: model ratio 0.075, completion ratio 4.
const MINI = { modelRatio: 0.075, groupRatio: 1, completionRatio: 4 };

describe('settleQuota, per token', () => {
  it('charges the worked example of the pricing page', () => {
    // round(500 × 4) = 2000; (1000 + 2000) × 0.075 × 1 = 225
    expect(settleQuota({ ...MINI, promptTokens: 1000, completionTokens: 500 })).toBe(225);
  });

  it('applies the group ratio', () => {
    // (1000 + 2000) × 0.075 × 0.5 = 112.5 → 113 (half away from zero)
    expect(settleQuota({ ...MINI, groupRatio: 0.5, promptTokens: 1000, completionTokens: 500 })).toBe(113);
  });

  it('rounds the true decimal where new-api 0.4.8 float64 rounded down', () => {
    // 120 × 0.075 × 1.5 = 13.5 exactly → 14; float64 gives 13.499999999999998 → 13.
    expect(settleQuota({ ...MINI, groupRatio: 1.5, promptTokens: 120, completionTokens: 0 })).toBe(14);
    // round(45 × 0.7) = round(31.5) = 32 (float64: 31.499999999999996 → 31); 32 × 1 × 1 = 32
    const params = { modelRatio: 1, groupRatio: 1, completionRatio: 0.7 };
    expect(settleQuota({ ...params, promptTokens: 0, completionTokens: 45 })).toBe(32);
  });

  it('rounds completion tokens before adding them', () => {
    // round(5 × 1.1) = round(5.5) = 6; (0 + 6) × 0.25 = 1.5 → 2 (unrounded: 5.5 × 0.25 = 1.375 → 1)
    const params = { modelRatio: 0.25, groupRatio: 1, completionRatio: 1.1 };
    expect(settleQuota({ ...params, promptTokens: 0, completionTokens: 5 })).toBe(2);
  });

  it('charges at least 1 unless the model or group is free', () => {
    // 1 × 0.075 = 0.075 → 0 → raised to 1
    expect(settleQuota({ ...MINI, promptTokens: 1, completionTokens: 0 })).toBe(1);
    expect(settleQuota({ ...MINI, modelRatio: 0, promptTokens: 1000, completionTokens: 500 })).toBe(0);
    expect(settleQuota({ ...MINI, groupRatio: 0, promptTokens: 1000, completionTokens: 500 })).toBe(0);
  });

  it('charges nothing when the upstream reported no tokens at all', () => {
    expect(settleQuota({ ...MINI, promptTokens: 0, completionTokens: 0 })).toBe(0);
    expect(settleQuota({ ...MINI, modelPrice: 0.1, promptTokens: 0, completionTokens: 0 })).toBe(0);
  });

  it('treats a negative model price (logs store -1) as per-token pricing', () => {
    expect(settleQuota({ ...MINI, modelPrice: -1, promptTokens: 1000, completionTokens: 500 })).toBe(225);
    expect(settleQuota({ ...MINI, modelPrice: null, promptTokens: 1000, completionTokens: 500 })).toBe(225);
  });
});

// claude-sonnet-4-5 ($3 / $15 per million): model ratio 1.5, completion 5, cache read 0.1, cache write 1.25.
const SONNET = {
  modelRatio: 1.5,
  groupRatio: 1,
  completionRatio: 5,
  cacheRatio: 0.1,
  cacheCreationRatio: 1.25,
};

describe('settleQuota, prompt cache', () => {
  it('bills cache reads at the cache ratio', () => {
    // prompt 10000 of which 8000 cached: 2000 + 8000 × 0.1 = 2800; round(500 × 5) = 2500; 5300 × 1.5 = 7950
    const params = { ...SONNET, promptTokens: 10_000, completionTokens: 500, cachedTokens: 8000 };
    expect(settleQuota(params)).toBe(7950);
    // Without the cache: (10000 + 2500) × 1.5 = 18750
    expect(settleQuota({ ...params, cachedTokens: 0 })).toBe(18_750);
  });

  it('bills cache writes at the creation ratio', () => {
    // 4000 plain + 6000 × 1.25 = 11500; round(100 × 5) = 500; 12000 × 1.5 = 18000
    const params = { ...SONNET, promptTokens: 10_000, completionTokens: 100, cacheCreationTokens: 6000 };
    expect(settleQuota(params)).toBe(18_000);
  });

  it('bills reads and writes together', () => {
    // 1000 plain + 8000 × 0.1 + 1000 × 1.25 = 3050; round(200 × 5) = 1000; 4050 × 1.5 = 6075
    const params = {
      ...SONNET,
      promptTokens: 10_000,
      completionTokens: 200,
      cachedTokens: 8000,
      cacheCreationTokens: 1000,
    };
    expect(settleQuota(params)).toBe(6075);
    // × group 0.8: 4050 × 1.5 × 0.8 = 4860
    expect(settleQuota({ ...params, groupRatio: 0.8 })).toBe(4860);
  });

  it('keeps the cached part exact until the one final rounding', () => {
    // 3 plain + 7 × 0.1 = 3.7 (not rounded to 4); 3.7 × 0.075 × 1 = 0.2775 → 0 → raised to 1
    const mini = { ...MINI, cacheRatio: 0.1 };
    expect(settleQuota({ ...mini, promptTokens: 10, completionTokens: 0, cachedTokens: 7 })).toBe(1);
    // 15 plain + 5 × 0.1 = 15.5; × 1 × 1 = 15.5 → 16 (rounding 0.5 up once, not per part)
    const unit = { modelRatio: 1, groupRatio: 1, completionRatio: 1, cacheRatio: 0.1 };
    expect(settleQuota({ ...unit, promptTokens: 20, completionTokens: 0, cachedTokens: 5 })).toBe(16);
    // float64 would see 0.1 × 3 = 0.30000000000000004; exact: 97 + 3 × 0.1 = 97.3; × 0.5 = 48.65 → 49
    const half = { ...unit, modelRatio: 0.5 };
    expect(settleQuota({ ...half, promptTokens: 100, completionTokens: 0, cachedTokens: 3 })).toBe(49);
  });

  it('bills cache tokens as ordinary prompt tokens when no ratio is given (backwards compatible)', () => {
    // (1000 + round(500 × 4)) × 0.075 = 225, as without any cache fields
    const params = { ...MINI, promptTokens: 1000, completionTokens: 500 };
    expect(settleQuota({ ...params, cachedTokens: 600, cacheCreationTokens: 300 })).toBe(225);
  });

  it('never lets cache counts exceed the prompt, nor go negative', () => {
    // cached clamped to 1000: 1000 × 0.1 = 100; round(0 × 5) = 0; 100 × 1.5 = 150
    const params = { ...SONNET, promptTokens: 1000, completionTokens: 0 };
    expect(settleQuota({ ...params, cachedTokens: 5000 })).toBe(150);
    // creation clamped to the 200 left: 800 × 0.1 + 200 × 1.25 = 330; × 1.5 = 495
    expect(settleQuota({ ...params, cachedTokens: 800, cacheCreationTokens: 900 })).toBe(495);
    // negative counts are 0: 1000 × 1.5 = 1500
    expect(settleQuota({ ...params, cachedTokens: -5, cacheCreationTokens: -1 })).toBe(1500);
  });

  it('charges nothing for no tokens and per-call prices whatever the cache', () => {
    expect(settleQuota({ ...SONNET, promptTokens: 0, completionTokens: 0, cachedTokens: 0 })).toBe(0);
    // int(0.02 × 500000 × 1) = 10000
    const perCall = {
      ...SONNET,
      modelPrice: 0.02,
      promptTokens: 1000,
      completionTokens: 9,
      cachedTokens: 900,
    };
    expect(settleQuota(perCall)).toBe(10_000);
  });
});

describe('settleQuota, per call', () => {
  it('charges int(price × quotaPerUnit × groupRatio) whatever the tokens', () => {
    // 0.1 × 500000 × 1.1 = 55000
    const params = { ...MINI, modelPrice: 0.1, groupRatio: 1.1, promptTokens: 10, completionTokens: 9000 };
    expect(settleQuota(params)).toBe(55_000);
    // 0.1 × 1000000 × 1.1 = 110000
    expect(settleQuota({ ...params, quotaPerUnit: 1_000_000 })).toBe(110_000);
  });

  it('truncates the true decimal where float64 truncated one unit lower', () => {
    // 0.0157 × 500000 = 7850 exactly; float64 gives 7849.999999999999 → 7849.
    expect(0.0157 * 500_000).toBeLessThan(7850);
    expect(perCallQuota(0.0157, 1)).toBe(7850);
    // 0.0007 × 500000 × 0.7 = 245; float64 gives 244.99999999999997 → 244.
    expect(perCallQuota(0.0007, 0.7)).toBe(245);
    // 0.00000123 × 500000 = 0.615 → 0 (truncated, no minimum in per-call mode)
    expect(perCallQuota(0.00000123, 1)).toBe(0);
  });
});

describe('preConsumeQuota', () => {
  it('reserves PreConsumedQuota tokens when the request has no max_tokens', () => {
    // 500 × 0.075 × 1 = 37.5 → 37 (truncated)
    expect(preConsumeQuota({ ...MINI, promptTokens: 1000 })).toBe(37);
    expect(preConsumeQuota({ ...MINI, promptTokens: 1000, maxTokens: 0 })).toBe(37);
    // 1000 × 2 × 1 = 2000
    expect(preConsumeQuota({ modelRatio: 2, groupRatio: 1, promptTokens: 9, preConsumedQuota: 1000 })).toBe(
      2000,
    );
  });

  it('reserves prompt + max_tokens when max_tokens is set, ignoring the completion ratio', () => {
    // (1000 + 4096) × 1.25 × 1 = 6370
    expect(preConsumeQuota({ modelRatio: 1.25, groupRatio: 1, promptTokens: 1000, maxTokens: 4096 })).toBe(
      6370,
    );
  });

  it('truncates the true decimal', () => {
    // (40 + 200) × 0.075 × 1.5 = 27 exactly; float64 gives 26.999999999999996 → 26.
    expect(preConsumeQuota({ ...MINI, groupRatio: 1.5, promptTokens: 40, maxTokens: 200 })).toBe(27);
  });

  it('reserves the per-call price when the model has one', () => {
    // dall-e-3: 0.04 × 500000 × 1 = 20000
    expect(preConsumeQuota({ modelPrice: 0.04, modelRatio: 0, groupRatio: 1, promptTokens: 50 })).toBe(
      20_000,
    );
  });
});

describe('trustShortcut', () => {
  const base = { preConsumedQuota: 37, tokenQuota: 0, unlimitedQuota: true };

  it('skips the reservation only when the user holds more than 100 × it', () => {
    // 100 × 37 = 3700
    expect(trustShortcut({ ...base, userQuota: 3701 })).toBe(0);
    expect(trustShortcut({ ...base, userQuota: 3700 })).toBe(37);
  });

  it('also requires a limited token to hold more than 100 × it', () => {
    const limited = { ...base, userQuota: 1_000_000, unlimitedQuota: false };
    expect(trustShortcut({ ...limited, tokenQuota: 3701 })).toBe(0);
    expect(trustShortcut({ ...limited, tokenQuota: 3700 })).toBe(37);
  });
});

describe('settlementDelta', () => {
  it('charges the difference, refunds an over-reservation, and refunds everything on zero tokens', () => {
    expect(settlementDelta(225, 37)).toBe(188);
    expect(settlementDelta(20, 37)).toBe(-17);
    expect(settlementDelta(0, 37)).toBe(-37);
    expect(settlementDelta(225, 0)).toBe(225);
  });
});

describe('settleQuota, the float shortcut', () => {
  it('agrees with the exact decimal maths on random prices and usages, near-halves included', async () => {
    const { addDecimals, decimalToInteger, multiplyDecimals } = await import('./decimal.js');
    const exact = (p: {
      promptTokens: number;
      completionTokens: number;
      modelRatio: number;
      groupRatio: number;
      completionRatio: number;
      cachedTokens: number;
      cacheRatio: number;
    }) => {
      const completion = decimalToInteger(multiplyDecimals(p.completionTokens, p.completionRatio));
      const prompt = addDecimals(
        p.promptTokens - p.cachedTokens,
        multiplyDecimals(p.cachedTokens, p.cacheRatio),
      );
      const quota = decimalToInteger(
        multiplyDecimals(addDecimals(prompt, completion), p.modelRatio, p.groupRatio),
      );
      return p.modelRatio * p.groupRatio !== 0 && quota <= 0 ? 1 : quota;
    };
    // Ratios as admins write them: few decimals, which is where float products land next to a half.
    const ratios = [
      0, 0.0375, 0.075, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 7.5, 15, 37.5,
    ];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const promptTokens = rand(5) === 0 ? rand(200) : rand(2_000_000);
      const p = {
        promptTokens,
        completionTokens: rand(3) === 0 ? rand(100) : rand(500_000),
        modelRatio: ratios[rand(ratios.length)]!,
        groupRatio: ratios[rand(ratios.length)]!,
        completionRatio: ratios[rand(ratios.length)]!,
        cachedTokens: rand(2) ? 0 : rand(promptTokens + 1),
        cacheRatio: ratios[rand(ratios.length)]!,
      };
      if (p.promptTokens + p.completionTokens === 0) continue;
      expect(settleQuota(p), JSON.stringify(p)).toBe(exact(p));
    }
  });
});
