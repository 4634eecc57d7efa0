import { describe, expect, it } from 'vitest';

import {
  audioCompletionPricePerMillion,
  audioPromptPricePerMillion,
  completionPricePerMillion,
  formatPricePerMillion,
  perCallPriceUsd,
  promptPricePerMillion,
} from './prices.js';

describe('per-million-token prices', () => {
  it('shows gpt-4o-mini at $0.15 prompt and $0.60 completion in the default group', () => {
    // 0.075 × 2 × 1 = 0.15; × completion ratio 4 = 0.6
    expect(promptPricePerMillion({ modelRatio: 0.075, groupRatio: 1 })).toBe(0.15);
    expect(completionPricePerMillion({ modelRatio: 0.075, groupRatio: 1, completionRatio: 4 })).toBe(0.6);
  });

  it('applies the group ratio exactly', () => {
    // 0.1 × 2 × 3 = 0.6 (float: 0.6000000000000001)
    expect(0.1 * 2 * 3).not.toBe(0.6);
    expect(promptPricePerMillion({ modelRatio: 0.1, groupRatio: 3 })).toBe(0.6);
    // 1.25 × 2 × 0.8 = 2; × 4 = 8
    expect(completionPricePerMillion({ modelRatio: 1.25, groupRatio: 0.8, completionRatio: 4 })).toBe(8);
  });

  it('multiplies audio prices by the audio ratios', () => {
    // 1.25 × 2 × 1 × 20 (default audio ratio) = 50; × 2 (default audio completion ratio) = 100
    expect(audioPromptPricePerMillion({ modelRatio: 1.25, groupRatio: 1 })).toBe(50);
    expect(audioCompletionPricePerMillion({ modelRatio: 1.25, groupRatio: 1 })).toBe(100);
    // 1.25 × 2 × 0.5 × 16 = 20; × 3 = 60
    const custom = { modelRatio: 1.25, groupRatio: 0.5, audioRatio: 16, audioCompletionRatio: 3 };
    expect(audioPromptPricePerMillion(custom)).toBe(20);
    expect(audioCompletionPricePerMillion(custom)).toBe(60);
  });
});

describe('perCallPriceUsd', () => {
  it('multiplies the call price by the group ratio', () => {
    // dall-e-3: 0.04 × 1.5 = 0.06
    expect(perCallPriceUsd({ modelPrice: 0.04, groupRatio: 1.5 })).toBe(0.06);
    // mj_imagine: 0.1 × 1.1 = 0.11 (float: 0.11000000000000001)
    expect(perCallPriceUsd({ modelPrice: 0.1, groupRatio: 1.1 })).toBe(0.11);
  });
});

describe('formatPricePerMillion', () => {
  it('shows 4 decimals by default', () => {
    expect(formatPricePerMillion(0.15)).toBe('$0.1500 / 1M tokens');
    expect(formatPricePerMillion(30)).toBe('$30.0000 / 1M tokens');
    expect(formatPricePerMillion(0.00005)).toBe('$0.0001 / 1M tokens');
    expect(formatPricePerMillion(0.6, 2)).toBe('$0.60 / 1M tokens');
  });
});
