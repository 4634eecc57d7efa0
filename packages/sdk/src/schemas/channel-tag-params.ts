import { z } from 'zod';
import { CHANNEL_PRIORITY_MIN } from '../constants/limits.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import { csvField, IdSchema, intField } from './common.js';
import { optionalFields } from './channel-fields.js';
import { plainText } from './plain-text.js';

/** Requests on channels by tag, and on several selected channels at once. */

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
