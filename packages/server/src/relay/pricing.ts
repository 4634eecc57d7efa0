import { cacheCreationRatioOf, cacheRatioOf, completionRatioOf, ownRatio } from '@switchboard/sdk';
import type { OptionStore } from '../modules/options/option-store.js';

export interface ResolvedPrice {
  /** Set when the model is priced per call (ModelPrice); the ratios then only go to the log. */
  modelPrice?: number;
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  /** Multiplier of prompt tokens read from the upstream's cache (CacheRatio, else the built-in rule, else 1). */
  cacheRatio: number;
  /** Multiplier of prompt tokens written to the upstream's cache (CreateCacheRatio, else built-in, else 1). */
  cacheCreationRatio: number;
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
  const groupRatio = ownRatio(options.json<Record<string, number>>('GroupRatio', {}), group) ?? 1;
  const ratiosOfModel = {
    completionRatio: completionRatioOf(model, completion),
    groupRatio,
    cacheRatio: cacheRatioOf(model, options.json<Record<string, number>>('CacheRatio', {})),
    cacheCreationRatio: cacheCreationRatioOf(
      model,
      options.json<Record<string, number>>('CreateCacheRatio', {}),
    ),
  };
  const modelPrice = ownRatio(prices, model);
  if (modelPrice !== undefined && modelPrice >= 0) {
    return { modelPrice, modelRatio: ownRatio(ratios, model) ?? 0, ...ratiosOfModel };
  }
  const modelRatio =
    ownRatio(ratios, model) ?? (options.bool('SelfUseModeEnabled') ? SELF_USE_RATIO : undefined);
  return modelRatio === undefined ? undefined : { modelRatio, ...ratiosOfModel };
}
