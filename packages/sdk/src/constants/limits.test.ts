import { describe, expect, it } from 'vitest';

import {
  DEFAULT_MIN_TOP_UP,
  NEW_TOKEN_DEFAULT_QUOTA,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZE_OPTIONS,
  QUOTA_PER_UNIT,
  QUOTA_WARNING_PRESETS,
  QUOTA_WARNING_THRESHOLD_DEFAULT,
  QUOTA_WARNING_THRESHOLD_FALLBACK,
  TOKEN_BATCH_PRESETS,
  TOP_UP_PRESETS,
} from './limits.js';

// Consistency the console relies on: each default must be selectable among its presets.
describe('limits', () => {
  it('offers the default page size and never more than the maximum', () => {
    expect(PAGE_SIZE_OPTIONS).toContain(PAGE_SIZE_DEFAULT);
    expect(Math.max(...PAGE_SIZE_OPTIONS)).toBe(PAGE_SIZE_MAX);
  });

  it('pre-selects quota-warning thresholds that are presets', () => {
    expect(QUOTA_WARNING_PRESETS).toContain(QUOTA_WARNING_THRESHOLD_DEFAULT);
    expect(QUOTA_WARNING_PRESETS).toContain(QUOTA_WARNING_THRESHOLD_FALLBACK);
  });

  it('starts a new token at one dollar and keeps presets above the minimum top-up', () => {
    expect(NEW_TOKEN_DEFAULT_QUOTA / QUOTA_PER_UNIT).toBe(1);
    expect(Math.min(...TOP_UP_PRESETS)).toBeGreaterThanOrEqual(DEFAULT_MIN_TOP_UP);
    expect(TOKEN_BATCH_PRESETS.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  });
});
