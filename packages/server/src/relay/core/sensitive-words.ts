import type { OptionStore } from '../../option-store.js';
import type { ChatMessage } from '../providers/types.js';
import { RelayError } from './relay-error.js';
import { WordMatcher } from './word-matcher.js';

/**
 * The sensitive-word filter (`CheckSensitiveEnabled`, `CheckSensitiveOnPromptEnabled`, `SensitiveWords`), read
 * as new-api 0.4.8.8.3 reads it: one word per line, trimmed, blank lines dropped; words and prompt compared in
 * lower case; a prompt holding any word is refused with 400 "sensitive words detected" before anything is held
 * or sent upstream.
 */

/** `SensitiveWords` as new-api splits it, lower-cased as its matcher compares. */
export function parseSensitiveWords(text: string): string[] {
  const words: string[] = [];
  for (const line of text.split('\n')) {
    const word = line.trim().toLowerCase();
    if (word) words.push(word);
  }
  return words;
}

/** The options the filter reads. */
export const SENSITIVE_OPTIONS: ReadonlySet<string> = new Set([
  'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled',
  'SensitiveWords',
]);

interface Built {
  /** The option store's version last seen: the list is compared again only when some option changed. */
  version: number;
  text: string;
  matcher: WordMatcher;
}

const built = new WeakMap<OptionStore, Built>();

/**
 * The matcher of the current `SensitiveWords`, or undefined while prompts are not checked. Rebuilt only when
 * the list itself changed (a change here, or another node's, which reaches this one by `reload`).
 */
export function sensitiveMatcher(options: OptionStore): WordMatcher | undefined {
  if (!options.bool('CheckSensitiveEnabled') || !options.bool('CheckSensitiveOnPromptEnabled'))
    return undefined;
  let state = built.get(options);
  if (state?.version !== options.version) {
    const text = options.get('SensitiveWords');
    if (state?.text !== text) {
      state = { version: options.version, text, matcher: new WordMatcher(parseSensitiveWords(text)) };
      built.set(options, state);
    } else state.version = options.version;
  }
  return state.matcher.words.length ? state.matcher : undefined;
}

/** A word of the list in `text`, in any case (the matcher folds case as it reads). */
const hit = (m: WordMatcher, text: string): string | undefined => (text ? m.find(text) : undefined);

/** Each text of a chat (string contents and text parts, every role), checked apart as new-api does. */
export function sensitiveInMessages(m: WordMatcher, messages: readonly ChatMessage[]): string | undefined {
  for (const message of messages) {
    const content = message.content as unknown;
    if (typeof content === 'string') {
      const word = hit(m, content);
      if (word) return word;
    } else if (Array.isArray(content)) {
      for (const part of content as { type?: unknown; text?: unknown }[]) {
        if (part?.type === 'image_url' || typeof part?.text !== 'string') continue;
        const word = hit(m, part.text);
        if (word) return word;
      }
    }
  }
  return undefined;
}

/** A value as Go's `%v` prints a decoded JSON value (new-api checks a list or object input in that form). */
function goFormat(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(goFormat).join(' ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${k}:${goFormat((value as Record<string, unknown>)[k])}`);
    return `map[${entries.join(' ')}]`;
  }
  return value === null || value === undefined ? '<nil>' : String(value);
}

/** `prompt` / `input` of completions, moderations, embeddings, images and speech: a text, or a list as Go prints it. */
export function sensitiveInInput(m: WordMatcher, input: unknown): string | undefined {
  if (input === undefined || input === null) return undefined;
  return hit(m, goFormat(input));
}

/** new-api's refusal; `code` is `sensitive_words_detected`, or the endpoint's own for images and speech. */
export function sensitiveWordsError(code = 'sensitive_words_detected'): RelayError {
  return new RelayError(400, 'relay.sensitiveWords', {}, 'new_api_error', code);
}
