/**
 * Prompt-cache multipliers: what a prompt token costs, relative to an ordinary one, when the upstream read it
 * from its cache (`cacheRatio`) or wrote it to its cache (`cacheCreationRatio`). Built-in rules follow the
 * providers' published price lists; the `CacheRatio` and `CreateCacheRatio` options override them per model.
 * Anything without a rule is billed as an ordinary prompt token (1 and 1): no discount, no premium.
 */
import { lookupModelRatio } from './lookup-model-ratio.js';

/** The two cache multipliers of one model. */
export interface CacheRatios {
  /** Multiplier of tokens read from the cache. */
  cacheRatio: number;
  /** Multiplier of tokens written to the cache. */
  cacheCreationRatio: number;
}

/**
 * Ordered: the first matching prefix wins. OpenAI, Gemini and DeepSeek do not charge cache writes (1);
 * Anthropic charges 1.25 × for its 5-minute cache.
 */
const BUILTIN: readonly [prefix: string, ratios: CacheRatios][] = [
  ['claude-', { cacheRatio: 0.1, cacheCreationRatio: 1.25 }],
  ['gpt-4o', { cacheRatio: 0.5, cacheCreationRatio: 1 }],
  ['gpt-4.1', { cacheRatio: 0.25, cacheCreationRatio: 1 }],
  ['gpt-5', { cacheRatio: 0.1, cacheCreationRatio: 1 }],
  ['o1', { cacheRatio: 0.5, cacheCreationRatio: 1 }],
  ['o3', { cacheRatio: 0.5, cacheCreationRatio: 1 }],
  ['o4', { cacheRatio: 0.5, cacheCreationRatio: 1 }],
  ['gemini-2', { cacheRatio: 0.25, cacheCreationRatio: 1 }],
  ['deepseek-', { cacheRatio: 0.1, cacheCreationRatio: 1 }],
];

/** The built-in cache ratios of a model; undefined when there is no rule (the caller then uses 1 and 1). */
export function builtinCacheRatios(model: string): CacheRatios | undefined {
  return BUILTIN.find(([prefix]) => model.startsWith(prefix))?.[1];
}

/**
 * The cache-read ratio the relay bills with: the `CacheRatio` option for this model (exact name, then a
 * `prefix*` wildcard), then the built-in rule, then 1.
 */
export function cacheRatioOf(model: string, configured: Readonly<Record<string, number>>): number {
  return lookupModelRatio(configured, model) ?? builtinCacheRatios(model)?.cacheRatio ?? 1;
}

/**
 * The cache-write ratio the relay bills with: the `CreateCacheRatio` option for this model (exact name, then
 * a `prefix*` wildcard), then the built-in rule, then 1.
 */
export function cacheCreationRatioOf(model: string, configured: Readonly<Record<string, number>>): number {
  return lookupModelRatio(configured, model) ?? builtinCacheRatios(model)?.cacheCreationRatio ?? 1;
}
