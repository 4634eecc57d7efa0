import {
  ChannelTagEditParamsSchema,
  splitList,
  type Channel,
  type ChannelTagEditParams,
} from '@switchboard/sdk';
import { firstIssue, type FieldError } from './sdk-message';

export interface TagEditForm {
  newTag: string;
  priority: string;
  weight: string;
  models: string[];
  groups: string[];
  modelMapping: string;
}

export function tagEditForm(tag: string): TagEditForm {
  return { newTag: tag, priority: '', weight: '', models: [], groups: [], modelMapping: '' };
}

/** The tag edit call: empty fields mean "no change"; the unchanged name is not sent, an empty one dissolves. */
export function tagEditParams(tag: string, form: TagEditForm): Omit<ChannelTagEditParams, 'tag'> {
  const newTag = form.newTag.trim();
  return {
    ...(newTag !== tag ? { new_tag: newTag } : {}),
    priority: form.priority,
    weight: form.weight,
    models: form.models,
    groups: form.groups,
    model_mapping: form.modelMapping,
  };
}

export function validateTagEdit(tag: string, form: TagEditForm): FieldError | null {
  return firstIssue(ChannelTagEditParamsSchema.safeParse({ tag, ...tagEditParams(tag, form) }));
}

/** A field's current values across the tag's channels, e.g. "0" or "0 / 5", for the preview. */
export function currentValues(channels: readonly Channel[], pick: (c: Channel) => string): string {
  return [...new Set(channels.map(pick))].join(' / ');
}

/** Groups or models of the channels, as one deduplicated list. */
export function unionOf(channels: readonly Channel[], pick: (c: Channel) => string): string[] {
  return [...new Set(channels.flatMap((c) => splitList(pick(c))))];
}
