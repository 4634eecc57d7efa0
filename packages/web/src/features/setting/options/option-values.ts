import {
  isSecretOptionKey,
  OPTION_DEFAULTS,
  optionType,
  validateOptionValue,
  type OptionEntry,
} from '@switchboard/sdk';

/** Options as stored: key → text. */
export type OptionValues = Readonly<Record<string, string>>;

/**
 * The stored text of every option: the server's values over the defaults. Secrets (keys ending in Token, Secret
 * or Key) are never sent back, so they read as empty, which saving takes as "keep the stored one".
 */
export function optionValues(entries: readonly OptionEntry[]): OptionValues {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(OPTION_DEFAULTS))
    values[key] = isSecretOptionKey(key) ? '' : value;
  for (const { key, value } of entries) values[key] = value;
  return values;
}

/** JSON text indented for editing; text that does not parse is left as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * The text to compare and send: what the key's SDK rule stores (trimmed, trailing slashes stripped, lists
 * tidied) with JSON compacted, so re-indenting or a trailing slash is not a change. Invalid text is kept as
 * typed for the rule to report.
 */
export function normalizeValue(key: string, text: string): string {
  let value = text;
  if (optionType(key) === 'json') {
    try {
      value = JSON.stringify(JSON.parse(text));
    } catch {
      return text;
    }
  }
  const checked = validateOptionValue(key, value);
  return checked.success ? checked.data : value;
}

/** The text a form field starts with: JSON pretty-printed. */
export function displayValue(key: string, stored: string | undefined): string {
  const text = stored ?? '';
  return optionType(key) === 'json' ? prettyJson(text) : text;
}
