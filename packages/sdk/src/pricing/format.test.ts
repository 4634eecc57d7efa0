import { describe, expect, it } from 'vitest';

import { abbreviateNumber, formatTimestamp, formatUsd } from './format.js';

describe('abbreviateNumber', () => {
  it('keeps counts below 10000 whole', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(1000)).toBe('1000');
    expect(abbreviateNumber(9999)).toBe('9999');
  });

  it('switches to k at 10000, M at 1e6 and B at 1e9', () => {
    expect(abbreviateNumber(10_000)).toBe('10k');
    expect(abbreviateNumber(1_000_000)).toBe('1M');
    expect(abbreviateNumber(1_000_000_000)).toBe('1B');
    expect(abbreviateNumber(2e9)).toBe('2B');
  });

  it('keeps up to 2 decimals, rounded half up, without trailing zeros', () => {
    expect(abbreviateNumber(1_234_567)).toBe('1.23M');
    // 12345 / 1000 = 12.345 → 12.35
    expect(abbreviateNumber(12_345)).toBe('12.35k');
    // 2675000 / 1e6 = 2.675 → 2.68 (Number#toFixed rounds the binary 2.67499… down to 2.67)
    expect(abbreviateNumber(2_675_000)).toBe('2.68M');
    expect(abbreviateNumber(26_755)).toBe('26.76k');
    expect(abbreviateNumber(15_000)).toBe('15k');
    expect(abbreviateNumber(10_500)).toBe('10.5k');
    expect(abbreviateNumber(1_500_000_000)).toBe('1.5B');
    expect(abbreviateNumber(12.345)).toBe('12.35');
  });

  it('moves to the next unit instead of printing 1000k', () => {
    // 999999 / 1000 = 999.999 → 1000.00k → 1M
    expect(abbreviateNumber(999_999)).toBe('1M');
    expect(abbreviateNumber(999_994_999)).toBe('999.99M');
    expect(abbreviateNumber(999_995_000)).toBe('1B');
    expect(abbreviateNumber(1e12)).toBe('1000B');
  });

  it('abbreviates negative counts symmetrically', () => {
    expect(abbreviateNumber(-12_345)).toBe('-12.35k');
    expect(abbreviateNumber(-999_999)).toBe('-1M');
    expect(abbreviateNumber(-5)).toBe('-5');
  });
});

describe('formatUsd', () => {
  it('prints dollars with fixed decimals, sign first', () => {
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0.5)).toBe('-$0.50');
    expect(formatUsd(0.00045, 5)).toBe('$0.00045');
  });
});

describe('formatTimestamp', () => {
  it('prints local yyyy-MM-dd HH:mm:ss with zero padding', () => {
    const seconds = new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatTimestamp(seconds)).toBe('2025-01-02 03:04:05');
    const evening = new Date(2024, 11, 31, 23, 59, 59).getTime() / 1000;
    expect(formatTimestamp(evening)).toBe('2024-12-31 23:59:59');
  });
});
