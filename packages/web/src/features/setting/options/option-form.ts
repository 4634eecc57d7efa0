import {
  diffOptions,
  OptionBatchUpdateParamsSchema,
  OptionUpdateParamsSchema,
  translateIssue,
  type Lang,
  type OptionEntry,
} from '@switchboard/sdk';
import { normalizeValue, type OptionValues } from './option-values';

/** What a section's save found: the entries to send, or the messages to show (per key, and the first). */
export type SaveCheck =
  | { ok: true; entries: OptionEntry[] }
  | { ok: false; message: string; fieldErrors: Record<string, string>; nothingChanged?: boolean };

/** The message of one value under its key's SDK rule, or undefined when it passes. */
export function valueError(key: string, text: string, lang: Lang): string | undefined {
  const result = OptionUpdateParamsSchema.safeParse({ key, value: normalizeValue(key, text) });
  const issue = result.error?.issues[0];
  return issue ? translateIssue(issue, lang) : undefined;
}

/**
 * The changed entries of a section, checked with the SDK's schemas before anything is sent: every value
 * against its key's rule, and the batch against 'you seem to have changed nothing'.
 */
export function checkSave(
  before: OptionValues,
  after: Readonly<Record<string, string>>,
  lang: Lang,
): SaveCheck {
  const normalize = (values: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.keys(after).map((key) => [key, normalizeValue(key, values[key] ?? '')]));
  const entries = diffOptions(normalize(before), normalize(after));
  const batch = OptionBatchUpdateParamsSchema.safeParse(entries);
  if (batch.success) return { ok: true, entries: batch.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of batch.error.issues) {
    const index = issue.path[0];
    const key = typeof index === 'number' ? entries[index]?.key : undefined;
    if (key && !fieldErrors[key]) fieldErrors[key] = translateIssue(issue, lang);
  }
  const first = batch.error.issues[0];
  return {
    ok: false,
    message: first ? translateIssue(first, lang) : '',
    fieldErrors,
    nothingChanged: entries.length === 0,
  };
}
