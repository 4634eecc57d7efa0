/**
 * Relay billing in integer quota: the pre-consumed reservation before the upstream call, and the settled
 * charge after it (contract §5.3 step 6 and §5.6). Formulas and rounding follow new-api exactly, except that
 * products are computed in exact decimals (see decimal.ts), as new-api itself does after 0.4.8: in 0.4.8
 * float64 turned 120 tokens × 0.075 × 1.5 (= 13.5) into 13 instead of 14.
 */
import { DEFAULT_PRE_CONSUMED_QUOTA, QUOTA_PER_UNIT, TRUST_QUOTA_MULTIPLIER } from '../constants/limits.js';
import { addDecimals, type Decimal, decimalToInteger, multiplyDecimals } from './decimal.js';

/** How one model is priced for one request, as the relay resolved it (contract §5.3 step 5). */
export interface ModelPricing {
  /**
   * Fixed USD price per call, from the `ModelPrice` option. When it is set and not negative the request is
   * billed per call and the ratios below are ignored. Logs store -1 for "not priced per call".
   */
  modelPrice?: number | null | undefined;
  /** `ModelRatio[model]`: 1 means $2 per million prompt tokens. */
  modelRatio: number;
  /** `GroupRatio[group]` of the caller's group (1 when the group has none). */
  groupRatio: number;
}

/** Input of {@link preConsumeQuota}. */
export interface PreConsumeParams extends ModelPricing {
  /** Estimated prompt tokens of the request. */
  promptTokens: number;
  /** The request's max_tokens; absent or 0 means the request set none. */
  maxTokens?: number | undefined;
  /** `PreConsumedQuota` option: tokens reserved when the request has no max_tokens. Defaults to 500. */
  preConsumedQuota?: number | undefined;
  /** `QuotaPerUnit` option, used by per-call prices. Defaults to 500000. */
  quotaPerUnit?: number | undefined;
}

/** Input of {@link settleQuota}. */
export interface SettleParams extends ModelPricing {
  /** Completion-token multiplier of the model (built-in rules, then the `CompletionRatio` option, else 1). */
  completionRatio: number;
  /** Prompt tokens from the upstream usage, or the estimate. */
  promptTokens: number;
  /** Completion tokens from the upstream usage, or the count of streamed text. */
  completionTokens: number;
  /** Of `promptTokens`, those the upstream read from its prompt cache. Defaults to 0. */
  cachedTokens?: number | undefined;
  /** Of `promptTokens`, those the upstream wrote to its prompt cache. Defaults to 0. */
  cacheCreationTokens?: number | undefined;
  /** Multiplier of cached tokens (see cache-ratio.ts). Defaults to 1: billed as ordinary prompt tokens. */
  cacheRatio?: number | undefined;
  /** Multiplier of cache-creation tokens (see cache-ratio.ts). Defaults to 1. */
  cacheCreationRatio?: number | undefined;
  /** `QuotaPerUnit` option, used by per-call prices. Defaults to 500000. */
  quotaPerUnit?: number | undefined;
}

/** Input of {@link trustShortcut}. */
export interface TrustShortcutParams {
  /** The user's quota before the reservation. */
  userQuota: number;
  /** The token's `remain_quota`. Ignored for unlimited tokens. */
  tokenQuota: number;
  /** The token's `unlimited_quota` flag. */
  unlimitedQuota: boolean;
  /** The reservation computed by {@link preConsumeQuota}. */
  preConsumedQuota: number;
}

/** Whether the pricing bills a fixed price per call rather than per token. */
export function isPricedPerCall(modelPrice: number | null | undefined): modelPrice is number {
  return typeof modelPrice === 'number' && modelPrice >= 0;
}

/**
 * Quota of one per-call-priced request (text models in `ModelPrice`, Midjourney and Suno actions):
 * `int(modelPrice × quotaPerUnit × groupRatio)`, truncated toward zero.
 */
export function perCallQuota(modelPrice: number, groupRatio: number, quotaPerUnit = QUOTA_PER_UNIT): number {
  return decimalToInteger(multiplyDecimals(modelPrice, quotaPerUnit, groupRatio), 'truncate');
}

/**
 * Quota reserved before the upstream call (new-api `ModelPriceHelper`), truncated toward zero:
 * per call {@link perCallQuota}; per token
 * `int((maxTokens ? promptTokens + maxTokens : preConsumedQuota) × modelRatio × groupRatio)`.
 */
export function preConsumeQuota(params: PreConsumeParams): number {
  const { modelPrice, modelRatio, groupRatio, promptTokens, maxTokens } = params;
  if (isPricedPerCall(modelPrice)) return perCallQuota(modelPrice, groupRatio, params.quotaPerUnit);
  const tokens = maxTokens
    ? promptTokens + maxTokens
    : (params.preConsumedQuota ?? DEFAULT_PRE_CONSUMED_QUOTA);
  return decimalToInteger(multiplyDecimals(tokens, modelRatio, groupRatio), 'truncate');
}

/**
 * The reservation actually taken: 0 when the user holds more than 100 × the reservation and the token is
 * unlimited or also holds more than 100 × it (new-api trusts such callers and settles the whole charge
 * afterwards); otherwise the reservation unchanged.
 */
export function trustShortcut(params: TrustShortcutParams): number {
  const { userQuota, tokenQuota, unlimitedQuota, preConsumedQuota } = params;
  const limit = TRUST_QUOTA_MULTIPLIER * preConsumedQuota;
  const trusted = userQuota > limit && (unlimitedQuota || tokenQuota > limit);
  return trusted ? 0 : preConsumedQuota;
}

/**
 * Prompt tokens as billed, exactly (no rounding): `(prompt − cached − creation) + cached × cacheRatio +
 * creation × cacheCreationRatio`. Cached and creation counts are clamped to the prompt, so an upstream that
 * reports more cached tokens than prompt tokens never makes the prompt cost less than nothing.
 */
function billedPromptTokens(params: SettleParams): Decimal {
  const { promptTokens, cacheRatio = 1, cacheCreationRatio = 1 } = params;
  const cached = Math.min(Math.max(params.cachedTokens ?? 0, 0), promptTokens);
  const creation = Math.min(Math.max(params.cacheCreationTokens ?? 0, 0), promptTokens - cached);
  const plain = promptTokens - cached - creation;
  const cachedPart = multiplyDecimals(cached, cacheRatio);
  return addDecimals(addDecimals(plain, cachedPart), multiplyDecimals(creation, cacheCreationRatio));
}

/**
 * The final charge of a request, in quota (new-api `postConsumeQuota`).
 * - No tokens at all (prompt + completion = 0, typically an upstream timeout): 0.
 * - Per call: {@link perCallQuota}; cache tokens change nothing.
 * - Per token: `round((promptBilled + round(completion × completionRatio)) × modelRatio × groupRatio)`, each
 *   round half away from zero; at least 1 whenever `modelRatio × groupRatio ≠ 0`. `promptBilled` is
 *   `(prompt − cached − creation) + cached × cacheRatio + creation × cacheCreationRatio`, kept exact (new-api
 *   [HEAD]'s caching); without cache tokens it is the prompt count, as before.
 */
export function settleQuota(params: SettleParams): number {
  const { modelPrice, groupRatio, promptTokens, completionTokens } = params;
  if (promptTokens + completionTokens === 0) return 0;
  if (isPricedPerCall(modelPrice)) return perCallQuota(modelPrice, groupRatio, params.quotaPerUnit);
  return settleQuotaInFloats(params) ?? settleQuotaExactly(params);
}

/**
 * Rounding a float product agrees with rounding the exact decimal one unless the exact value lies within the
 * float's error of a half: the error is below 1e-12 of the value (a few operations, 2^-52 each), so a fraction
 * farther than that (and than 1e-6) from .5 rounds the same either way.
 */
function roundedIfClear(x: number): number | undefined {
  if (!(x >= 0) || x > 2 ** 50) return undefined;
  const margin = Math.max(1e-6, x * 1e-12);
  return Math.abs(x - Math.floor(x) - 0.5) > margin ? Math.round(x) : undefined;
}

/**
 * {@link settleQuota} in floating point, which costs a tenth of the decimal maths on every relay request;
 * undefined whenever a rounding step is too close to call (or an input is negative), and the exact path decides.
 */
function settleQuotaInFloats(params: SettleParams): number | undefined {
  const { modelRatio, groupRatio, completionRatio, promptTokens, completionTokens } = params;
  const { cacheRatio = 1, cacheCreationRatio = 1 } = params;
  if (modelRatio < 0 || groupRatio < 0 || cacheRatio < 0 || cacheCreationRatio < 0) return undefined;
  const completion = roundedIfClear(completionTokens * completionRatio);
  if (completion === undefined) return undefined;
  const cached = Math.min(Math.max(params.cachedTokens ?? 0, 0), promptTokens);
  const creation = Math.min(Math.max(params.cacheCreationTokens ?? 0, 0), promptTokens - cached);
  const prompt = promptTokens - cached - creation + cached * cacheRatio + creation * cacheCreationRatio;
  const quota = roundedIfClear((prompt + completion) * modelRatio * groupRatio);
  if (quota === undefined) return undefined;
  return modelRatio * groupRatio !== 0 && quota <= 0 ? 1 : quota;
}

function settleQuotaExactly(params: SettleParams): number {
  const { modelRatio, groupRatio, completionRatio, completionTokens } = params;
  const completion = decimalToInteger(multiplyDecimals(completionTokens, completionRatio));
  const tokens = addDecimals(billedPromptTokens(params), completion);
  const quota = decimalToInteger(multiplyDecimals(tokens, modelRatio, groupRatio));
  const ratio = multiplyDecimals(modelRatio, groupRatio);
  return ratio.coefficient !== 0n && quota <= 0 ? 1 : quota;
}

/**
 * Quota to add to the user's (and token's) consumption at settlement: `quota − preConsumedQuota`. A negative
 * delta refunds. Apply it on every request, including those with zero tokens: 0.4.8 skipped settlement then
 * and kept the reservation (contract §5.6).
 */
export function settlementDelta(quota: number, preConsumedQuota: number): number {
  return quota - preConsumedQuota;
}
