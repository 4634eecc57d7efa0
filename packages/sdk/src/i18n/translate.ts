import type { z } from 'zod';
import { MESSAGES, type MessageKey } from './messages.js';

/** A supported language. Chinese is the source and fallback language. */
export type Lang = 'zh' | 'en';

/** Supported languages, fallback first. */
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** The language used when none is given or a text is missing. */
export const DEFAULT_LANG: Lang = 'zh';

/** Values for `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number | bigint | boolean>>;

/** True when `key` names a message of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/**
 * Marks a string as a message key where schemas set zod messages, so a typo fails type-checking.
 * Returns the key unchanged.
 */
export function msg<K extends MessageKey>(key: K): K {
  return key;
}

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
function interpolate(text: string, params: MessageParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The text of a message in `lang` (default zh), with `{name}` placeholders filled from `params`.
 * A missing translation falls back to Chinese; a string that is not a key is returned as it is
 * (so server messages that are already texts pass through).
 */
export function translate(
  key: MessageKey | (string & {}),
  lang: Lang = DEFAULT_LANG,
  params?: MessageParams,
): string {
  if (!isMessageKey(key)) return interpolate(key, params);
  const entry: { zh: string; en: string } = MESSAGES[key];
  return interpolate(entry[lang] || entry.zh, params);
}

/** The placeholder values a zod issue carries: its `params`, plus `min`/`max` of size checks. */
export function issueParams(issue: z.core.$ZodIssue): MessageParams {
  const params: Record<string, string | number | bigint | boolean> = {};
  if (issue.code === 'too_small') params.min = issue.minimum;
  if (issue.code === 'too_big') params.max = issue.maximum;
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (['string', 'number', 'bigint', 'boolean'].includes(typeof value)) {
        params[name] = value as string | number | bigint | boolean;
      }
    }
  }
  return params;
}

/** The translated text of one zod issue; an issue whose message is not a key keeps zod's text and path. */
export function translateIssue(issue: z.core.$ZodIssue, lang: Lang = DEFAULT_LANG): string {
  if (isMessageKey(issue.message)) return translate(issue.message, lang, issueParams(issue));
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * The translated message of the first issue of a zod error, which is what forms, the CLI and the server
 * show. Falls back to the generic "invalid input" text when the error has no issues.
 */
export function formatZodError(
  error: { issues: readonly z.core.$ZodIssue[] },
  lang: Lang = DEFAULT_LANG,
): string {
  const first = error.issues[0];
  return first ? translateIssue(first, lang) : translate('common.invalidInput', lang);
}
