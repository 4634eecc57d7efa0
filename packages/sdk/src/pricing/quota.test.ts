import { describe, expect, it } from 'vitest';

import { QUOTA_WARNING_PRESETS } from '../constants/limits.js';
import { quotaToUsd, renderQuota, renderQuotaWithPrompt, shouldWarnQuota, usdToQuota } from './quota.js';

describe('quotaToUsd / usdToQuota', () => {
  it('converts at 500000 quota per dollar by default', () => {
    expect(quotaToUsd(225)).toBe(0.00045);
    expect(quotaToUsd(500_000)).toBe(1);
    expect(quotaToUsd(500_000, 1_000_000)).toBe(0.5);
    expect(usdToQuota(1)).toBe(500_000);
    expect(usdToQuota(0.2)).toBe(100_000);
  });

  it('returns whole quota from the exact product', () => {
    // float: 1.1 * 500000 = 550000.0000000001
    expect(usdToQuota(1.1)).toBe(550_000);
    // 0.0000011 × 500000 = 0.55 → 1 (half away from zero); 0.0000009 × 500000 = 0.45 → 0
    expect(usdToQuota(0.0000011)).toBe(1);
    expect(usdToQuota(0.0000009)).toBe(0);
    expect(usdToQuota(2, 1_000_000)).toBe(2_000_000);
  });
});

describe('renderQuota', () => {
  it('shows dollars with 2 decimals by default', () => {
    expect(renderQuota(500_000)).toBe('$1.00');
    expect(renderQuota(615_000)).toBe('$1.23');
    expect(renderQuota(225)).toBe('$0.00');
    expect(renderQuota(225, { digits: 5 })).toBe('$0.00045');
    expect(renderQuota(-500_000)).toBe('-$1.00');
  });

  it('rounds the true dollar amount', () => {
    // 502500 / 500000 = 1.005 → $1.01 (Number#toFixed gives 1.00)
    expect(renderQuota(502_500)).toBe('$1.01');
  });

  it('honours the site quota unit', () => {
    expect(renderQuota(500_000, { quotaPerUnit: 1_000_000 })).toBe('$0.50');
  });

  it('abbreviates the raw count when the site does not display currency', () => {
    expect(renderQuota(1_234_567, { displayInCurrency: false })).toBe('1.23M');
    expect(renderQuota(9999, { displayInCurrency: false })).toBe('9999');
  });

  it('labels the warning presets by their real dollar value', () => {
    // 1000000 / 500000 = $2 (the spec's "5$" label is wrong)
    expect(QUOTA_WARNING_PRESETS.map((q) => renderQuota(q))).toEqual(['$0.20', '$1.00', '$2.00', '$10.00']);
  });
});

describe('renderQuotaWithPrompt', () => {
  it('appends the dollar equivalent in currency mode only', () => {
    expect(renderQuotaWithPrompt(500_000, { prompt: 'Equivalent' })).toBe('|Equivalent: $1.00');
    expect(renderQuotaWithPrompt(500_000, { prompt: '等价金额', digits: 1 })).toBe('|等价金额: $1.0');
    expect(renderQuotaWithPrompt(500_000, { prompt: 'Equivalent', displayInCurrency: false })).toBe('');
  });
});

describe('shouldWarnQuota', () => {
  it('warns strictly below the threshold', () => {
    expect(shouldWarnQuota(99_999, 100_000)).toBe(true);
    expect(shouldWarnQuota(100_000, 100_000)).toBe(false);
    expect(shouldWarnQuota(-1, 0)).toBe(true);
    expect(shouldWarnQuota(0, 0)).toBe(false);
  });
});
