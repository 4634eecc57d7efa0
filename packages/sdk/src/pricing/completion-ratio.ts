import { lookupModelRatio } from './lookup-model-ratio.js';

/**
 * Completion-token multipliers that new-api builds in (contract §5.3 step 5): output tokens cost more than input
 * tokens for most models. The `CompletionRatio` option overrides these per model; anything else is 1.
 * Ordered: the first matching prefix wins.
 */
const BUILTIN: readonly [prefix: string, ratio: number][] = [
  ['gpt-4o-mini', 4],
  ['gpt-4o', 4],
  ['chatgpt-4o', 4],
  ['gpt-4.1', 4],
  ['gpt-4-turbo', 3],
  ['gpt-4-1106', 3],
  ['gpt-4-0125', 3],
  ['gpt-4', 2],
  ['gpt-3.5-turbo', 3],
  ['o1', 4],
  ['o3', 4],
  ['o4', 4],
  ['claude-3-haiku', 5],
  ['claude-3', 5],
  ['claude-sonnet', 5],
  ['claude-opus', 5],
  ['claude-haiku', 5],
  ['claude-', 3],
  ['gemini-', 4],
  ['deepseek-', 4],
];

/** The built-in completion ratio of a model; undefined when new-api has no rule (the caller then uses 1). */
export function builtinCompletionRatio(model: string): number | undefined {
  return BUILTIN.find(([prefix]) => model.startsWith(prefix))?.[1];
}

/**
 * The completion ratio the relay bills with: the `CompletionRatio` option for this model first (an operator's
 * explicit price; exact name, then a `prefix*` wildcard such as the default `gpt-4-gizmo-*`), then the
 * built-in rule, then 1.
 */
export function completionRatioOf(model: string, configured: Readonly<Record<string, number>>): number {
  return lookupModelRatio(configured, model) ?? builtinCompletionRatio(model) ?? 1;
}
