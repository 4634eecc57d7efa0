/**
 * Dollar cost of a token-priced request, as the pricing page and the log details explain it (spec §9).
 */
import { QUOTA_PER_UNIT } from '../constants/limits.js';
import { addDecimals, decimalToNumber, divideDecimals, multiplyDecimals } from './decimal.js';

/** Input of {@link costUsd}. */
export interface CostParams {
  /** `GroupRatio` of the caller's group. */
  groupRatio: number;
  /** `ModelRatio` of the model. */
  modelRatio: number;
  /** Prompt tokens. */
  promptTokens: number;
  /** Completion tokens. */
  completionTokens: number;
  /** Completion-token multiplier of the model. */
  completionRatio: number;
  /** Quota per dollar. Default 500000. */
  quotaPerUnit?: number | undefined;
}

/**
 * `groupRatio × modelRatio × (promptTokens + completionTokens × completionRatio) / 500000` dollars, computed
 * in exact decimals and not rounded to whole quota: use `settleQuota` for what is actually charged.
 * gpt-4o-mini (0.075), group 1, 1000 prompt + 500 completion × 4: 0.075 × 3000 / 500000 = $0.00045.
 */
export function costUsd(params: CostParams): number {
  const { groupRatio, modelRatio, promptTokens, completionTokens, completionRatio } = params;
  const tokens = addDecimals(promptTokens, multiplyDecimals(completionTokens, completionRatio));
  const quota = multiplyDecimals(groupRatio, modelRatio, tokens);
  return decimalToNumber(divideDecimals(quota, params.quotaPerUnit ?? QUOTA_PER_UNIT));
}
