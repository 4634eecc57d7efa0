import type { Json } from './fake-server.js';
import { countWords, promptTokens } from './openai-responses.js';

type Block = { type?: string; text?: string; cache_control?: unknown };

const hasBreakpoint = (content: unknown): boolean =>
  Array.isArray(content) && content.some((b: Block) => b?.cache_control != null);

/** Words of the system prompt, whether a string or text blocks. */
export function systemTokens(system: unknown): number {
  if (typeof system === 'string') return countWords(system);
  return Array.isArray(system) ? system.reduce((n: number, b: Block) => n + countWords(b?.text ?? ''), 0) : 0;
}

export interface CacheUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/**
 * Anthropic-style prompt caching, by prefix: the system prompt and the messages up to the last one holding a
 * `cache_control` breakpoint are written to the cache the first time they are seen and read from it after.
 * Breakpoints on tools alone cache nothing here (the fake does not count tool tokens).
 */
export class PromptCache {
  readonly #seen = new Set<string>();

  /** Splits a request's `inputTokens` into uncached, written and read tokens. */
  usage(body: Json, inputTokens: number): CacheUsage {
    const messages = (Array.isArray(body.messages) ? body.messages : []) as { content?: unknown }[];
    const last = messages.findLastIndex((m) => hasBreakpoint(m.content));
    const prefix = last >= 0 ? messages.slice(0, last + 1) : [];
    const cacheable =
      last >= 0 || hasBreakpoint(body.system) ? systemTokens(body.system) + promptTokens(prefix) : 0;
    if (cacheable === 0)
      return { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    const key = JSON.stringify([body.model, body.system, prefix]);
    const hit = this.#seen.has(key);
    this.#seen.add(key);
    return {
      input_tokens: inputTokens - cacheable,
      cache_creation_input_tokens: hit ? 0 : cacheable,
      cache_read_input_tokens: hit ? cacheable : 0,
    };
  }
}
