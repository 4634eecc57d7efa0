import { cacheCreationRatioOf, cacheRatioOf, completionRatioOf, ownRatio } from '@switchboard/sdk';
import type { OptionStore } from '../../option-store.js';

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

/** Prices already resolved for the options' current version, by group and model; bounded (see below). */
const resolved = new WeakMap<OptionStore, { version: number; prices: Map<string, ResolvedPrice> }>();
const MAX_RESOLVED = 1000;

/**
 * The price of one request, the same object for every request of a model and group until an option changes:
 * resolving reads six options and runs the SDK's model-name rules, a few µs the relay need not spend per
 * request. Models in self-use mode may be any name a client sends, hence the bound.
 */
export function resolvePrice(options: OptionStore, model: string, group: string): ResolvedPrice | undefined {
  let memo = resolved.get(options);
  if (memo?.version !== options.version)
    resolved.set(options, (memo = { version: options.version, prices: new Map() }));
  const key = `${group}\u0000${model}`;
  let price = memo.prices.get(key);
  if (price) return price;
  price = resolveAfresh(options, model, group);
  if (!price) return undefined;
  if (memo.prices.size >= MAX_RESOLVED) memo.prices.clear();
  memo.prices.set(key, Object.freeze(price));
  return price;
}

/**
 * The price of one request (reference §5.3 step 5): ModelPrice first, else ModelRatio; an unpriced model is
 * refused (undefined) unless self-use mode is on. Options are read live, so a price change applies at once.
 */
function resolveAfresh(options: OptionStore, model: string, group: string): ResolvedPrice | undefined {
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
