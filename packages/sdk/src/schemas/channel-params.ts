import { z } from 'zod';
import { CHANNEL_DEFAULTS } from '../constants/limits.js';
import { ChannelStatus, ChannelType } from '../constants/states.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import { BoolFlagSchema, duplicates, IdSchema, intField, ListParamsSchema, splitList } from './common.js';
import {
  autoBanField,
  channelName,
  CONTROL_CHARS,
  finishChannel,
  groupField,
  modelsField,
  nameAndKey,
  optionalFields,
  priorityField,
  typeField,
  weightField,
} from './channel-fields.js';

export { isHttpUrl, MODEL_NAME_MAX_LENGTH } from './channel-fields.js';
export * from './channel-tag-params.js';

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
