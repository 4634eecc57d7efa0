import {
  ChannelCreateParamsSchema,
  ChannelType,
  ChannelUpdateParamsSchema,
  CHANNEL_DEFAULTS,
  splitList,
  type Channel,
  type ChannelCreateParams,
  type ChannelUpdateParams,
} from '@switchboard/sdk';
import { firstIssue, type FieldError } from './sdk-message';

/** The editor's state: what the admin typed, before the SDK's schema checks and normalises it. */
export interface ChannelForm {
  type: number;
  name: string;
  key: string;
  batch: boolean;
  openai_organization: string;
  base_url: string;
  other: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  setting: string;
  test_model: string;
  auto_ban: boolean;
  priority: string;
  weight: string;
  tag: string;
}

export function emptyForm(): ChannelForm {
  return {
    type: ChannelType.OpenAI,
    name: '',
    key: '',
    batch: false,
    openai_organization: '',
    base_url: '',
    other: '',
    models: [],
    groups: [CHANNEL_DEFAULTS.group],
    model_mapping: '',
    status_code_mapping: '',
    setting: '',
    test_model: '',
    auto_ban: CHANNEL_DEFAULTS.autoBan === 1,
    priority: String(CHANNEL_DEFAULTS.priority),
    weight: String(CHANNEL_DEFAULTS.weight),
    tag: '',
  };
}

/** A stored channel as the editor shows it; the key is never sent back, so it starts empty. */
export function formFromChannel(channel: Channel): ChannelForm {
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    batch: false,
    openai_organization: channel.openai_organization,
    base_url: channel.base_url,
    other: channel.other,
    models: splitList(channel.models),
    groups: channel.groups?.length ? channel.groups : splitList(channel.group),
    model_mapping: channel.model_mapping,
    status_code_mapping: channel.status_code_mapping,
    setting: channel.setting,
    test_model: channel.test_model,
    auto_ban: channel.auto_ban !== 0,
    priority: String(channel.priority),
    weight: String(channel.weight),
    tag: channel.tag,
  };
}

function commonParams(form: ChannelForm) {
  return {
    type: form.type,
    name: form.name,
    models: form.models,
    group: form.groups,
    auto_ban: form.auto_ban ? 1 : 0,
    priority: form.priority.trim() === '' ? 0 : form.priority,
    weight: form.weight.trim() === '' ? 0 : form.weight,
    openai_organization: form.openai_organization,
    base_url: form.base_url,
    other: form.other,
    model_mapping: form.model_mapping,
    status_code_mapping: form.status_code_mapping,
    setting: form.setting,
    test_model: form.test_model,
    tag: form.tag,
  } as const;
}

// The editor types priority and weight as text; the SDK schemas parse integers from strings.
export function toCreateParams(form: ChannelForm): ChannelCreateParams {
  return {
    mode: form.batch ? 'batch' : 'single',
    key: form.key,
    ...commonParams(form),
  } as ChannelCreateParams;
}

export function toUpdateParams(form: ChannelForm): Omit<ChannelUpdateParams, 'id'> {
  return { key: form.key, ...commonParams(form) } as Omit<ChannelUpdateParams, 'id'>;
}

/**
 * The first problem the save would meet, checked with the very schemas the SDK and server use, so the
 * console and the API always agree (spec §5 messages). Null when the form can be saved.
 */
export function validateForm(form: ChannelForm, creating: boolean): FieldError | null {
  return creating
    ? firstIssue(ChannelCreateParamsSchema.safeParse(toCreateParams(form)))
    : firstIssue(ChannelUpdateParamsSchema.safeParse({ id: 1, ...toUpdateParams(form) }));
}

/** Non-empty key lines: how many channels a batch create makes. */
export function keyLines(key: string): number {
  return splitList(key, '\n').length;
}

export interface FieldChange {
  field: keyof ChannelForm;
  before: string;
  after: string;
  /** For lists (models, groups): what the save adds and removes. */
  added?: string[];
  removed?: string[];
}

const show = (value: ChannelForm[keyof ChannelForm]): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? String(value) : String(value).trim();

/** What a save would change, field by field, for the review before an edit is saved. */
export function formChanges(before: ChannelForm, after: ChannelForm): FieldChange[] {
  const fields = Object.keys(after) as Array<keyof ChannelForm>;
  return fields
    .filter((field) => field !== 'batch')
    .filter((field) =>
      field === 'key' ? after.key.trim() !== '' : show(before[field]) !== show(after[field]),
    )
    .map((field) => {
      const was = before[field];
      const now = after[field];
      const change: FieldChange = {
        field,
        before: field === 'key' ? '' : show(was),
        after: field === 'key' ? '••••••' : show(now),
      };
      if (Array.isArray(was) && Array.isArray(now)) {
        change.added = now.filter((item) => !was.includes(item));
        change.removed = was.filter((item) => !now.includes(item));
      }
      return change;
    });
}
