import { isSecretOptionKey, OPTION_DEFAULTS, optionType, type OptionEntry } from '@switchboard/sdk';

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
 * The text to compare and send: JSON compacted (so re-indenting is not a change), everything else as typed.
 * The SDK's rules then trim, strip trailing slashes and so on.
 */
export function normalizeValue(key: string, text: string): string {
  if (optionType(key) !== 'json') return text;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The text a form field starts with: JSON pretty-printed. */
export function displayValue(key: string, stored: string | undefined): string {
  const text = stored ?? '';
  return optionType(key) === 'json' ? prettyJson(text) : text;
}
