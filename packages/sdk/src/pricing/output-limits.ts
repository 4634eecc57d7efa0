/**
 * The most completion tokens a model may produce when a request sets no limit, by model-name prefix (longest
 * match wins). The relay reserves this much before the upstream call when the client sent no `max_tokens`, so the
 * reservation bounds the worst case. The figures are the providers' documented output limits; unknown models get
 * {@link DEFAULT_MAX_OUTPUT_TOKENS}. Keep Claude at or above the Claude adapter's default `max_tokens` (8192).
 */
const OUTPUT_LIMITS: ReadonlyArray<readonly [prefix: string, tokens: number]> = [
  ['gpt-3.5', 4_096],
  ['gpt-4-', 8_192],
  ['gpt-4', 8_192],
  ['gpt-4-turbo', 4_096],
  ['gpt-4o', 16_384],
  ['chatgpt-4o', 16_384],
  ['gpt-4.1', 32_768],
  ['gpt-4.5', 16_384],
  ['gpt-5', 128_000],
  ['o1', 100_000],
  ['o3', 100_000],
  ['o4', 100_000],
  ['claude-2', 4_096],
  ['claude-instant', 4_096],
  ['claude-3-', 8_192],
  ['claude-3-7', 64_000],
  ['claude-sonnet-4', 64_000],
  ['claude-opus-4', 32_000],
  ['claude-haiku-4', 64_000],
  ['claude', 8_192],
  ['gemini-1', 8_192],
  ['gemini-2.0', 8_192],
  ['gemini-2.5', 65_536],
  ['gemini-3', 65_536],
  ['gemini', 8_192],
  ['deepseek', 8_192],
  ['deepseek-reasoner', 65_536],
];

/** Completion tokens reserved for a model this table does not know. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 8_192;

/** Longest prefix first, so `gpt-4o` beats `gpt-4`. */
const BY_LENGTH = [...OUTPUT_LIMITS].sort((a, b) => b[0].length - a[0].length);

/** The output limit the relay assumes for `model` when a request sets none (see {@link OUTPUT_LIMITS}). */
export function maxOutputTokens(model: string): number {
  const name = model.toLowerCase();
  for (const [prefix, tokens] of BY_LENGTH) if (name.startsWith(prefix)) return tokens;
  return DEFAULT_MAX_OUTPUT_TOKENS;
}
