import { describe, expect, it } from 'vitest';

import { settleQuota } from './billing.js';
import { costUsd } from './cost.js';

describe('costUsd', () => {
  it('prices the gpt-4o-mini worked example', () => {
    // 1 × 0.075 × (1000 + 500 × 4) / 500000 = 225 / 500000 = $0.00045
    const params = {
      groupRatio: 1,
      modelRatio: 0.075,
      promptTokens: 1000,
      completionTokens: 500,
      completionRatio: 4,
    };
    expect(costUsd(params)).toBe(0.00045);
    expect(settleQuota(params) / 500_000).toBe(costUsd(params));
  });

  it('applies the group ratio and a custom quota unit', () => {
    // 0.5 × 1.25 × (1000 + 1000 × 4) / 500000 = 3125 / 500000 = $0.00625
    const params = {
      groupRatio: 0.5,
      modelRatio: 1.25,
      promptTokens: 1000,
      completionTokens: 1000,
      completionRatio: 4,
    };
    expect(costUsd(params)).toBe(0.00625);
    expect(costUsd({ ...params, quotaPerUnit: 1_000_000 })).toBe(0.003125);
  });

  it('does not round completion tokens or quota, unlike the settled charge', () => {
    // 1 × 1 × (0 + 3 × 1.1) / 500000 = 3.3 / 500000 = $0.0000066; settled: round(3.3) = 3 quota.
    const params = {
      groupRatio: 1,
      modelRatio: 1,
      promptTokens: 0,
      completionTokens: 3,
      completionRatio: 1.1,
    };
    expect(costUsd(params)).toBe(0.0000066);
    expect(settleQuota(params)).toBe(3);
  });

  it('is exact where floats drift', () => {
    // 3 × 0.1 × 1,000,000 / 500000 = $0.6 (float: 0.1 * 3 * 1e6 / 5e5 = 0.6000000000000001)
    const params = {
      groupRatio: 3,
      modelRatio: 0.1,
      promptTokens: 1_000_000,
      completionTokens: 0,
      completionRatio: 1,
    };
    expect(costUsd(params)).toBe(0.6);
  });
});
