import { z } from 'zod';
import { CHANNEL_DEFAULTS, CHANNEL_PRIORITY_MIN } from '../constants/limits.js';
import { ChannelStatus, ChannelType, XUNFEI_DEFAULT_VERSION } from '../constants/states.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import {
  BoolFlagSchema,
  csvField,
  duplicates,
  IdSchema,
  intField,
  isJsonObject,
  jsonObjectText,
  ListParamsSchema,
  parseJson,
  splitList,
  stripTrailingSlash,
} from './common.js';
import { plainText } from './plain-text.js';

/** Longest model name new-api stores. */
export const MODEL_NAME_MAX_LENGTH = 255;

const nameAndKey = msg('channel.nameAndKeyRequired');
// Within one key: C0 controls and DEL. Line breaks only ever separate keys (batch mode), never sit inside one.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

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
const modelsField = plainText(
  csvField({
    requiredKey: msg('channel.modelsRequired'),
    duplicateKey: msg('channel.modelsDuplicate'),
  }).refine(
    (models) => splitList(models).every((model) => model.length <= MODEL_NAME_MAX_LENGTH),
    msg('channel.modelNameTooLong'),
  ),
);
/** Groups, comma-joined or a list, without duplicates; empty means `default`. */
const groupField = plainText(csvField({ duplicateKey: msg('channel.groupsDuplicate') })).transform(
  (group) => group || 'default',
);
const channelName = plainText(z.string(nameAndKey).trim().min(1, nameAndKey));
/** 1/0, true/false or '1'/'0', sent as 1 or 0. */
const autoBanField = z
  .union([z.boolean(), z.literal([0, 1, '0', '1'])], { error: msg('channel.invalidAutoBan') })
  .transform((value): 0 | 1 => (value === true || value === 1 || value === '1' ? 1 : 0));
const priorityField = intField(msg('channel.priorityInteger')).pipe(
  z.number().min(CHANNEL_PRIORITY_MIN, msg('channel.priorityMin')),
);
const weightField = intField(msg('channel.weightNonNegative')).pipe(
  z.number().min(0, msg('channel.weightNonNegative')),
);
const typeField = intField(msg('channel.invalidType')).pipe(z.number().min(1, msg('channel.invalidType')));

const optionalFields = {
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
function finishChannel<T extends { type?: number; key?: string; other?: string }>(
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

/**
 * `POST /api/channel/`. In `single` mode the key is one credential; in `batch` mode every non-empty line
 * of the key becomes its own channel (new-api splits the key on newlines). Defaults follow the editor.
 */
export const ChannelCreateParamsSchema = z
  .object({
    /** `single` (default) or `batch`: one channel per key line. */
    mode: z.enum(['single', 'batch']).default('single'),
    /** Channel type number; see CHANNEL_TYPES. */
    type: typeField.default(ChannelType.OpenAI),
    /** Required. */
    name: channelName,
    /** Required; one key per line in batch mode. */
    key: z.string(nameAndKey).trim().min(1, nameAndKey),
    /** At least one model. */
    models: modelsField,
    group: groupField.default(CHANNEL_DEFAULTS.group),
    auto_ban: autoBanField.default(CHANNEL_DEFAULTS.autoBan),
    priority: priorityField.default(CHANNEL_DEFAULTS.priority),
    weight: weightField.default(CHANNEL_DEFAULTS.weight),
    openai_organization: optionalFields.openai_organization.optional(),
    base_url: optionalFields.base_url.default(''),
    other: optionalFields.other.default(''),
    model_mapping: optionalFields.model_mapping.default(''),
    status_code_mapping: optionalFields.status_code_mapping.default(''),
    setting: optionalFields.setting.default(''),
    test_model: optionalFields.test_model.optional(),
    tag: optionalFields.tag.optional(),
  })
  .transform((channel, ctx) => finishChannel(channel, ctx, channel.mode === 'batch'));
/** Channel creation parameters. */
export type ChannelCreateParams = z.input<typeof ChannelCreateParamsSchema>;

/** `PUT /api/channel/`: the id plus the fields to change; an empty key keeps the old one. */
export const ChannelUpdateParamsSchema = z
  .object({
    id: IdSchema,
    type: typeField.optional(),
    name: channelName.optional(),
    /** Empty or missing keeps the stored key. */
    key: z
      .string()
      .trim()
      .optional()
      .transform((key) => (key === '' ? undefined : key)),
    models: modelsField.optional(),
    group: groupField.optional(),
    auto_ban: autoBanField.optional(),
    priority: priorityField.optional(),
    weight: weightField.optional(),
    status: z.literal(Object.values(ChannelStatus), msg('channel.invalidStatus')).optional(),
    ...z.object(optionalFields).partial().shape,
  })
  .transform((channel, ctx) => finishChannel(channel, ctx, false));
/** Channel update parameters. */
export type ChannelUpdateParams = z.input<typeof ChannelUpdateParamsSchema>;

/** `PUT /api/channel/ {id, status}`: enable (1) or disable (2). */
export const ChannelStatusUpdateParamsSchema = z.object({
  id: IdSchema,
  status: z.literal([ChannelStatus.Enabled, ChannelStatus.ManuallyDisabled], msg('channel.invalidStatus')),
});
/** Channel status update parameters. */
export type ChannelStatusUpdateParams = z.input<typeof ChannelStatusUpdateParamsSchema>;

/** `PUT /api/channel/ {id, priority}` from the list row: an integer of -999 or more. */
export const ChannelPriorityUpdateParamsSchema = z.object({ id: IdSchema, priority: priorityField });
/** Channel priority update parameters. */
export type ChannelPriorityUpdateParams = z.input<typeof ChannelPriorityUpdateParamsSchema>;

/** `PUT /api/channel/ {id, weight}` from the list row: an integer; negative weights are sent as 0. */
export const ChannelWeightUpdateParamsSchema = z.object({
  id: IdSchema,
  weight: intField(msg('channel.weightNonNegative')).transform((weight) => Math.max(0, weight)),
});
/** Channel weight update parameters. */
export type ChannelWeightUpdateParams = z.input<typeof ChannelWeightUpdateParamsSchema>;

const tagField = plainText(z.string(msg('channel.tagRequired')).trim().min(1, msg('channel.tagRequired')));
const blankToUndefined = (value: string | undefined) => (value === '' ? undefined : value);

/** `POST /api/channel/tag/{enabled,disabled}`: the tag whose channels change. */
export const ChannelTagParamsSchema = z.object({ tag: tagField });
/** Tag parameters. */
export type ChannelTagParams = z.input<typeof ChannelTagParamsSchema>;

/**
 * `PUT /api/channel/tag`: overwrite fields of every channel of a tag. Empty fields mean no change,
 * except `new_tag: ''`, which dissolves the tag. At least one change is required ('no modification').
 */
export const ChannelTagEditParamsSchema = z
  .object({
    tag: tagField,
    /** Rename the tag; '' removes the tag from its channels; null (what the 0.4.8 console sends) keeps it. */
    new_tag: plainText(z.string().trim())
      .nullish()
      .transform((v) => v ?? undefined),
    priority: intField(msg('channel.priorityInteger'), { blank: true }).pipe(
      z.number().min(CHANNEL_PRIORITY_MIN, msg('channel.priorityMin')).optional(),
    ),
    weight: intField(msg('channel.weightNonNegative'), { blank: true }).pipe(
      z.number().min(0, msg('channel.weightNonNegative')).optional(),
    ),
    model_mapping: optionalFields.model_mapping.optional().transform(blankToUndefined),
    models: plainText(csvField({ duplicateKey: msg('channel.modelsDuplicate') }))
      .optional()
      .transform(blankToUndefined),
    groups: plainText(csvField({ duplicateKey: msg('channel.groupsDuplicate') }))
      .optional()
      .transform(blankToUndefined),
  })
  .refine(
    (edit) =>
      edit.new_tag !== undefined ||
      [edit.priority, edit.weight, edit.model_mapping, edit.models, edit.groups].some((v) => v !== undefined),
    msg('common.noModification'),
  );
/** Tag edit parameters. */
export type ChannelTagEditParams = z.input<typeof ChannelTagEditParamsSchema>;

const channelIds = (key: MessageKey) => z.array(IdSchema, key).min(1, key);

/** `POST /api/channel/batch/tag`: selected channels and a non-empty tag. */
export const ChannelBatchTagParamsSchema = z.object({
  ids: channelIds(msg('channel.selectFirst')),
  tag: tagField,
});
/** Batch tag parameters. */
export type ChannelBatchTagParams = z.input<typeof ChannelBatchTagParamsSchema>;

/** `POST /api/channel/batch`: the channels to delete. */
export const ChannelBatchDeleteParamsSchema = z.object({ ids: channelIds(msg('channel.deleteSelectFirst')) });
/** Batch delete parameters. */
export type ChannelBatchDeleteParams = z.input<typeof ChannelBatchDeleteParamsSchema>;

/** `POST /api/channel/fetch_models`: list an upstream's models before the channel exists. */
export const ChannelFetchModelsParamsSchema = z
  .object({
    base_url: optionalFields.base_url.default(''),
    type: typeField.default(ChannelType.OpenAI),
    /** One key; of a batch-mode key list (one per line) the first is used. A Vertex key is one JSON document. */
    key: z.string(msg('channel.keyRequired')).trim().min(1, msg('channel.keyRequired')),
  })
  .transform((params, ctx) => {
    if (params.type === ChannelType.VertexAI) return params;
    const lines = splitList(params.key, '\n');
    if (lines.some((line) => CONTROL_CHARS.test(line)))
      ctx.addIssue({ code: 'custom', message: msg('channel.keyControlChars'), path: ['key'] });
    return { ...params, key: lines[0]! };
  });
/** Fetch-models parameters. */
export type ChannelFetchModelsParams = z.input<typeof ChannelFetchModelsParamsSchema>;

const listFlags = {
  /** Order by id instead of priority. */
  id_sort: BoolFlagSchema.optional(),
  /** Page through tags instead of channels. */
  tag_mode: BoolFlagSchema.optional(),
};

/** `GET /api/channel/`. */
export const ChannelListParamsSchema = ListParamsSchema.extend(listFlags);
/** Channel list parameters. */
export type ChannelListParams = z.input<typeof ChannelListParamsSchema>;

/** `GET /api/channel/search`: keyword (id, name or exact key), group and model filters. */
export const ChannelSearchParamsSchema = z.object({
  keyword: z.string().trim().default(''),
  group: z.string().trim().default(''),
  model: z.string().trim().default(''),
  ...listFlags,
});
/** Channel search parameters. */
export type ChannelSearchParams = z.input<typeof ChannelSearchParamsSchema>;

/** `GET /api/channel/test/:id?model=`. */
export const ChannelTestParamsSchema = z.object({ model: z.string().trim().optional() });
/** Channel test parameters. */
export type ChannelTestParams = z.input<typeof ChannelTestParamsSchema>;

/**
 * Adds comma-separated custom model names to an editor's model list. Fails with
 * 'some models already exist' when a name is already listed or repeated.
 */
export function mergeCustomModels(
  existing: readonly string[],
  input: string,
): { ok: true; models: string[] } | { ok: false; message: MessageKey; duplicates: string[] } {
  const added = splitList(input);
  const repeated = [...new Set([...duplicates(added), ...added.filter((model) => existing.includes(model))])];
  if (repeated.length > 0)
    return { ok: false, message: msg('channel.modelsDuplicate'), duplicates: repeated };
  return { ok: true, models: [...existing, ...added] };
}
