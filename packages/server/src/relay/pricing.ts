import { completionRatioOf } from '@switchboard/sdk';
import type { OptionStore } from '../modules/options/option-store.js';

export interface ResolvedPrice {
  /** Set when the model is priced per call (ModelPrice); the ratios then only go to the log. */
  modelPrice?: number;
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
}

/** new-api's ratio for unpriced models in self-use mode. */
const SELF_USE_RATIO = 37.5;

/**
 * The price of one request (reference §5.3 step 5): ModelPrice first, else ModelRatio; an unpriced model is
 * refused (undefined) unless self-use mode is on. Options are read live, so a price change applies at once.
 */
export function resolvePrice(options: OptionStore, model: string, group: string): ResolvedPrice | undefined {
  const prices = options.json<Record<string, number>>('ModelPrice', {});
  const ratios = options.json<Record<string, number>>('ModelRatio', {});
  const completion = options.json<Record<string, number>>('CompletionRatio', {});
  const groupRatio = options.json<Record<string, number>>('GroupRatio', {})[group] ?? 1;
  const completionRatio = completionRatioOf(model, completion);
  const modelPrice = prices[model];
  if (typeof modelPrice === 'number' && modelPrice >= 0) {
    return { modelPrice, modelRatio: ratios[model] ?? 0, completionRatio, groupRatio };
  }
  const modelRatio = ratios[model] ?? (options.bool('SelfUseModeEnabled') ? SELF_USE_RATIO : undefined);
  return modelRatio === undefined ? undefined : { modelRatio, completionRatio, groupRatio };
}
