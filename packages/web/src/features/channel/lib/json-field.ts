import { ChannelUpdateParamsSchema, isJsonObject, parseJson } from '@switchboard/sdk';
import i18n from '../../../lib/i18n';
import { firstIssue } from './sdk-message';

export type JsonKind = 'modelMapping' | 'statusCodeMapping' | 'setting' | 'region';

const FIELDS = {
  modelMapping: 'model_mapping',
  statusCodeMapping: 'status_code_mapping',
  setting: 'setting',
} as const;

/**
 * What is wrong with JSON object text the save would refuse, as the message to show, or null. The check
 * is the SDK's own schema for the field, so typing and saving never disagree. The Vertex region is plain
 * text unless it starts with `{`.
 */
export function jsonProblem(kind: JsonKind, text: string): string | null {
  if (text.trim() === '') return null;
  if (kind === 'region') {
    if (!text.trim().startsWith('{') || isJsonObject(parseJson(text.trim()))) return null;
    return i18n.t('channel.edit.regionInvalid');
  }
  return firstIssue(ChannelUpdateParamsSchema.safeParse({ id: 1, [FIELDS[kind]]: text }))?.message ?? null;
}

/** Entries of valid mapping text, for the preview beside the editor; [] when invalid or empty. */
export function mappingEntries(text: string): Array<[string, string]> {
  const parsed = parseJson(text.trim());
  if (!isJsonObject(parsed)) return [];
  return Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string');
}
