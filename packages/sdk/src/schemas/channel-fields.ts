import { z } from 'zod';
import { ChannelType, XUNFEI_DEFAULT_VERSION } from '../constants/states.js';
import { CHANNEL_PRIORITY_MIN } from '../constants/limits.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import {
  csvField,
  intField,
  isJsonObject,
  jsonObjectText,
  parseJson,
  splitList,
  stripTrailingSlash,
} from './common.js';
import { plainText } from './plain-text.js';

/**
 * The checks of a channel's fields, declared once: the create and update params (channel-params.ts) and the
 * CLI's gateway file build on them.
 */

/** Longest model name new-api stores. */
export const MODEL_NAME_MAX_LENGTH = 255;

export const nameAndKey = msg('channel.nameAndKeyRequired');
// Within one key: C0 controls and DEL. Line breaks only ever separate keys (batch mode), never sit inside one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** An http(s) address without control characters or spaces; anything else would be fetched as something else. */
export function isHttpUrl(address: string): boolean {
  if (CONTROL_CHARS.test(address) || /\s/.test(address)) return false;
  try {
    const { protocol, host } = new URL(address);
    return (protocol === 'http:' || protocol === 'https:') && host !== '';
  } catch {
    return false;
  }
}

/** Empty (the type's default upstream) or an http(s) URL; trailing slashes are removed. */
const baseUrlField = z
  .string()
  .transform(stripTrailingSlash)
  .refine((url) => url === '' || isHttpUrl(url), msg('channel.baseUrlInvalid'));
const isString = (value: unknown) => typeof value === 'string';

/** Model names, comma-joined or a list: at least one, no duplicates, each at most 255 characters. */
export const modelsField = plainText(
  csvField({
    requiredKey: msg('channel.modelsRequired'),
    duplicateKey: msg('channel.modelsDuplicate'),
  }).refine(
    (models) => splitList(models).every((model) => model.length <= MODEL_NAME_MAX_LENGTH),
    msg('channel.modelNameTooLong'),
  ),
);
/** Groups, comma-joined or a list, without duplicates; empty means `default`. */
export const groupField = plainText(csvField({ duplicateKey: msg('channel.groupsDuplicate') })).transform(
  (group) => group || 'default',
);
export const channelName = plainText(z.string(nameAndKey).trim().min(1, nameAndKey));
/** 1/0, true/false or '1'/'0', sent as 1 or 0. */
export const autoBanField = z
  .union([z.boolean(), z.literal([0, 1, '0', '1'])], { error: msg('channel.invalidAutoBan') })
  .transform((value): 0 | 1 => (value === true || value === 1 || value === '1' ? 1 : 0));
export const priorityField = intField(msg('channel.priorityInteger')).pipe(
  z.number().min(CHANNEL_PRIORITY_MIN, msg('channel.priorityMin')),
);
export const weightField = intField(msg('channel.weightNonNegative')).pipe(
  z.number().min(0, msg('channel.weightNonNegative')),
);
export const typeField = intField(msg('channel.invalidType')).pipe(
  z.number().min(1, msg('channel.invalidType')),
);

export const optionalFields = {
  openai_organization: z.string().trim(),
  /** Trailing slashes are removed. */
  base_url: baseUrlField,
  /** Type-specific extra; Xunfei (18) gets `v2.1` when empty. */
  other: z.string().trim(),
  /** JSON object text of model name → upstream model name; empty for none. */
  model_mapping: jsonObjectText(msg('channel.modelMappingInvalid'), isString),
  /** JSON object text of status code → status code (strings); empty for none. */
  status_code_mapping: jsonObjectText(msg('channel.statusCodeMappingInvalid'), isString),
  /** JSON object text of channel settings (force_format, thinking_to_content, proxy). */
  setting: jsonObjectText(msg('channel.settingInvalid')),
  test_model: z.string().trim(),
  tag: plainText(z.string().trim()),
};

/** Checks the key of one channel and fills type defaults; shared by create and update. */
export function finishChannel<T extends { type?: number; key?: string; other?: string }>(
  channel: T,
  ctx: z.RefinementCtx,
  batch: boolean,
): T {
  const result = { ...channel };
  if (result.type === ChannelType.Xunfei && result.other === '') result.other = XUNFEI_DEFAULT_VERSION;
  const fail = (message: MessageKey, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (result.type === ChannelType.VertexAI) {
    // A Vertex credential is one JSON document, possibly spread over lines, so it is never split.
    if (result.key !== undefined && !isJsonObject(parseJson(result.key)))
      fail(msg('channel.vertexKeyInvalid'), 'key');
    if (result.other !== undefined && result.other === '') fail(msg('channel.vertexRegionRequired'), 'other');
  } else if (result.key !== undefined) {
    const lines = splitList(result.key, '\n');
    if (lines.some((line) => CONTROL_CHARS.test(line))) fail(msg('channel.keyControlChars'), 'key');
    if (batch) result.key = lines.join('\n');
    else if (lines.length > 1) fail(msg('channel.keyMultiline'), 'key');
  }
  return result;
}
