import { isPricedPerCall, perCallQuota, type ModelPricing } from './billing.js';

/** A request's price and the bound of its prompt, for {@link worstCaseQuota} and {@link affordableCompletion}. */
export interface WorstCaseParams extends ModelPricing {
  completionRatio: number;
  /** Multiplier of prompt tokens written to the upstream's cache; above 1 a prompt may cost more than plain. */
  cacheCreationRatio?: number | undefined;
  /** An upper bound of the prompt's tokens (not an estimate: the relay counts UTF-8 bytes). */
  promptTokens: number;
  /** Choices asked for (`n`): each may produce the whole completion budget. Defaults to 1. */
  choices?: number | undefined;
  quotaPerUnit?: number | undefined;
}

/**
 * At least the most a request can be charged if its prompt has at most `promptTokens` tokens and each of its
 * choices at most `completionTokens`: the settlement formula at those counts, with every prompt token priced as a
 * cache write when writes cost more. It runs on every request, so it is computed in floating point with room for
 * the settlement's roundings (half a token, half a unit) and float error: at most half a token's price plus
 * two units above the exact figure. Charges are monotonic in the counts, so any real usage within the bounds settles at or below it.
 */
export function worstCaseQuota(params: WorstCaseParams, completionTokens: number): number {
  if (isPricedPerCall(params.modelPrice))
    return perCallQuota(params.modelPrice, params.groupRatio, params.quotaPerUnit);
  const writeRatio = Math.max(1, params.cacheCreationRatio ?? 1);
  const completion = completionTokens * Math.max(1, params.choices ?? 1) * params.completionRatio;
  const tokens = params.promptTokens * writeRatio + completion + 0.5;
  const quota = tokens * params.modelRatio * params.groupRatio + 0.5;
  if (quota <= 0.5) return params.modelRatio * params.groupRatio === 0 ? 0 : 1;
  return Math.ceil(quota * (1 + 1e-12));
}

/**
 * The largest completion budget (per choice, at most `limit`) whose worst case fits in `free` quota; -1 when not
 * even the prompt fits. Per-call prices do not depend on the completion: `limit` or -1.
 */
export function affordableCompletion(params: WorstCaseParams, free: number, limit: number): number {
  if (worstCaseQuota(params, 0) > free) return -1;
  if (worstCaseQuota(params, limit) <= free) return limit;
  // Binary search: the charge is monotonic in completion tokens; about 30 evaluations at most.
  let lo = 0;
  let hi = limit;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (worstCaseQuota(params, mid) <= free) lo = mid;
    else hi = mid;
  }
  return lo;
}
