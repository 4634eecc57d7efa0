import type { Usage } from '../providers/types.js';

/** How an OpenAI endpoint other than chat is billed when the upstream reports no token usage. */
export type Endpoint =
  | 'completions'
  | 'edits'
  | 'embeddings'
  | 'moderations'
  | 'rerank'
  | 'images/generations'
  | 'audio/speech'
  | 'audio/transcriptions'
  | 'audio/translations';

/** new-api's default model per endpoint when the body names none (reference §4.3 step 2). */
export const DEFAULT_MODEL: Partial<Record<Endpoint, string>> = {
  moderations: 'text-moderation-stable',
  'images/generations': 'dall-e',
  'audio/speech': 'tts-1',
  'audio/transcriptions': 'whisper-1',
  'audio/translations': 'whisper-1',
};

const textOf = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.map(textOf).join(' ') : v == null ? '' : JSON.stringify(v);

/** The text an endpoint bills as its input. */
export const inputText = (endpoint: Endpoint, body: Record<string, unknown>): string =>
  endpoint === 'audio/speech'
    ? textOf(body.input)
    : endpoint === 'edits'
      ? textOf(body.instruction) + textOf(body.input)
      : textOf(body.input ?? body.prompt ?? body.query) + textOf(body.documents);

/**
 * An upper bound of an endpoint's input tokens, for the worst-case hold: UTF-8 bytes of the text (no
 * byte-level tokenizer makes more tokens), speech its characters as billed, audio uploads the flat estimate they
 * are billed at when the upstream reports no usage.
 */
export function inputTokenBound(endpoint: Endpoint, body: Record<string, unknown>): number {
  if (endpoint === 'audio/speech') return textOf(body.input).length;
  if (endpoint.startsWith('audio/')) return 1000;
  return Buffer.byteLength(inputText(endpoint, body), 'utf8') + 16;
}

/** A rough token count (4 characters a token) of the inputs an endpoint bills: the hold's estimate. */
export function roughInputTokens(endpoint: Endpoint, body: Record<string, unknown>): number {
  if (endpoint === 'audio/speech') return textOf(body.input).length;
  if (endpoint.startsWith('audio/')) return 1000;
  return Math.ceil(inputText(endpoint, body).length / 4) + 1;
}

type PromptDetails = NonNullable<Usage['prompt_tokens_details']>;
const DETAIL_KEYS = ['cached_tokens', 'cache_creation_tokens', 'audio_tokens'] as const;

/**
 * The upstream's `prompt_tokens_details`, its counts that are non-negative integers only (the answer is not
 * ours to trust, and billing does arithmetic on them); undefined when none is left.
 */
function promptDetailsOf(raw: unknown): PromptDetails | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const details: PromptDetails = {};
  for (const key of DETAIL_KEYS) {
    const n = (raw as Record<string, unknown>)[key];
    if (Number.isSafeInteger(n) && (n as number) >= 0) details[key] = n as number;
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

/**
 * Usage from an upstream JSON answer: OpenAI's `usage`, rerank's `meta.billed_units` / `usage.total_tokens`;
 * speech bills its input characters as prompt tokens, as new-api does. `prompt_tokens_details` is kept, so
 * cached prompt tokens on completions and embeddings are billed at the cache ratio.
 */
export function usageOf(
  endpoint: Endpoint,
  body: Record<string, unknown>,
  answer: unknown,
): Usage | undefined {
  if (endpoint === 'audio/speech') {
    const n = textOf(body.input).length;
    return { prompt_tokens: n, completion_tokens: 0, total_tokens: n };
  }
  const a = (answer ?? {}) as {
    usage?: Partial<Usage> & { input_tokens?: number };
    meta?: { billed_units?: { input_tokens?: number } };
  };
  const u = a.usage;
  if (u && (u.prompt_tokens || u.total_tokens || u.input_tokens)) {
    const prompt = u.prompt_tokens ?? u.input_tokens ?? u.total_tokens ?? 0;
    const completion = u.completion_tokens ?? 0;
    const details = promptDetailsOf(u.prompt_tokens_details);
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      ...(details ? { prompt_tokens_details: details } : {}),
    };
  }
  const billed = a.meta?.billed_units?.input_tokens;
  return billed ? { prompt_tokens: billed, completion_tokens: 0, total_tokens: billed } : undefined;
}
