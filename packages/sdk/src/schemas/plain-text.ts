import type { z } from 'zod';
import { msg } from '../i18n/translate.js';

/**
 * Characters that let a name rewrite the screen or the line it is shown in: C0 controls (ESC, tab, line
 * breaks), DEL, C1 controls, the Unicode line and paragraph separators, and the bidirectional embeddings,
 * overrides and isolates (U+202A-202E, U+2066-2069) that reorder the text around them. The marks LRM,
 * RLM and ALM are left alone: they only steer neutral characters and right-to-left names use them.
 * Keep in sync with the CLI's output escaping, which imports it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const UNSAFE_TEXT_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** True when `text` holds none of `UNSAFE_TEXT_CHARS`. */
export function isPlainText(text: string): boolean {
  return !UNSAFE_TEXT_CHARS.test(text);
}

/** Adds the "no control characters" rule to a name-like field (username, token, channel, group names…). */
export function plainText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isPlainText, msg('common.nameControlChars')) as T;
}

/** True when no key of a JSON object text (a map of model or group names) holds an unsafe character. */
export function hasPlainKeys(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return true;
    const keys = Array.isArray(parsed)
      ? parsed.flatMap((item: unknown) => (item && typeof item === 'object' ? Object.keys(item) : []))
      : Object.keys(parsed);
    return keys.every(isPlainText);
  } catch {
    // Not JSON: the value's own rule reports that.
    return true;
  }
}
