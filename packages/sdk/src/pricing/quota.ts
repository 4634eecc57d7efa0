/**
 * Quota ↔ dollars, and how quota is shown: as dollars when the site's `display_in_currency` status is on,
 * otherwise as an abbreviated count (spec §9).
 */
import { QUOTA_PER_UNIT } from '../constants/limits.js';
import { decimalToInteger, multiplyDecimals } from './decimal.js';
import { abbreviateNumber, formatUsd } from './format.js';

/** How to show quota; defaults match a fresh new-api (DisplayInCurrencyEnabled on, 500000 per dollar). */
export interface RenderQuotaOptions {
  /** Show dollars (status `display_in_currency`) rather than the raw count. Default true. */
  displayInCurrency?: boolean | undefined;
  /** Quota per dollar (status `quota_per_unit`). Default 500000. */
  quotaPerUnit?: number | undefined;
  /** Decimals of the dollar amount. Default 2. */
  digits?: number | undefined;
}

/** Options of {@link renderQuotaWithPrompt}. */
export interface RenderQuotaWithPromptOptions extends RenderQuotaOptions {
  /** The translated label, e.g. "Equivalent amount" / "等价金额". */
  prompt: string;
}

/** Dollars worth of quota: `quota / quotaPerUnit` (225 → 0.00045). */
export function quotaToUsd(quota: number, quotaPerUnit: number = QUOTA_PER_UNIT): number {
  return quota / quotaPerUnit;
}

/**
 * Quota worth of dollars, as an integer: the exact decimal product `usd × quotaPerUnit`, rounded half away
 * from zero (1.1 → 550000, where `1.1 * 500000` is 550000.0000000001).
 */
export function usdToQuota(usd: number, quotaPerUnit: number = QUOTA_PER_UNIT): number {
  return decimalToInteger(multiplyDecimals(usd, quotaPerUnit));
}

/**
 * Quota as the console shows it: '$1.23' in currency mode (2 decimals by default, rounded half away from
 * zero on the true decimal), otherwise {@link abbreviateNumber} of the count ('1.23M').
 */
export function renderQuota(quota: number, options: RenderQuotaOptions = {}): string {
  const { displayInCurrency = true, quotaPerUnit = QUOTA_PER_UNIT, digits = 2 } = options;
  return displayInCurrency ? formatUsd(quotaToUsd(quota, quotaPerUnit), digits) : abbreviateNumber(quota);
}

/**
 * The dollar equivalent appended after a quota input, '|{prompt}: $1.00', or '' when the site does not
 * display currency (the raw count already says it all).
 */
export function renderQuotaWithPrompt(quota: number, options: RenderQuotaWithPromptOptions): string {
  if (options.displayInCurrency === false) return '';
  return `|${options.prompt}: ${renderQuota(quota, options)}`;
}

/**
 * Whether a quota-warning notification is due: the remaining quota after settlement is below the threshold
 * (the user's `quota_warning_threshold`, else the `QuotaRemindThreshold` option). Contract §5.8.
 */
export function shouldWarnQuota(remaining: number, threshold: number): boolean {
  return remaining < threshold;
}
