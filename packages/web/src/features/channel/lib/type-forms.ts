import { ChannelType } from '@switchboard/sdk';

/** An extra field of one channel type: its i18n label and placeholder keys (under channel.typeForm). */
export interface ExtraField {
  label: string;
  placeholder: string;
  multiline?: boolean;
  /** A value "fill template" writes. */
  template?: string;
}

/** What the editor shows differently for one type (spec §3 special forms, §5 key hints). */
export interface TypeForm {
  /** i18n key of the key field's placeholder (its expected format). */
  keyHint: string;
  /** The key is one JSON credential (Vertex): a text area, validated as JSON, never split by line. */
  keyIsJson?: boolean;
  /** The base URL field: the generic optional proxy address, hidden, or the type's own labelled field. */
  baseUrl: 'generic' | 'hidden' | ExtraField;
  /** The `other` field, when the type uses it. */
  other?: ExtraField;
  organization?: boolean;
  /** An info or warning note shown under the type. */
  notice?: { severity: 'info' | 'warning'; text: string };
}

const REGION_TEMPLATE = JSON.stringify(
  { default: 'us-central1', 'claude-3-5-sonnet-20240620': 'europe-west1' },
  null,
  2,
);

const KEY_HINTS: Partial<Record<number, string>> = {
  [ChannelType.Baidu]: 'channel.typeForm.keyHint15',
  [ChannelType.Xunfei]: 'channel.typeForm.keyHint18',
  [ChannelType.FastGPT]: 'channel.typeForm.keyHint22',
  [ChannelType.Tencent]: 'channel.typeForm.keyHint23',
  [ChannelType.Aws]: 'channel.typeForm.keyHint33',
  [ChannelType.VertexAI]: 'channel.typeForm.keyHint41',
};

const FORMS: Partial<Record<number, Omit<TypeForm, 'keyHint'>>> = {
  [ChannelType.OpenAI]: { baseUrl: 'generic', organization: true },
  [ChannelType.Azure]: {
    baseUrl: { label: 'channel.typeForm.azureEndpoint', placeholder: 'channel.typeForm.azureEndpointHint' },
    other: { label: 'channel.typeForm.azureVersion', placeholder: 'channel.typeForm.azureVersionHint' },
    notice: { severity: 'warning', text: 'channel.typeForm.azureNotice' },
  },
  [ChannelType.Custom]: {
    baseUrl: { label: 'channel.typeForm.customUrl', placeholder: 'channel.typeForm.customUrlHint' },
    notice: { severity: 'warning', text: 'channel.typeForm.customNotice' },
  },
  [ChannelType.Xunfei]: {
    baseUrl: 'generic',
    other: { label: 'channel.typeForm.xunfeiVersion', placeholder: 'channel.typeForm.xunfeiVersionHint' },
  },
  [ChannelType.AIProxyLibrary]: {
    baseUrl: 'generic',
    other: { label: 'channel.typeForm.knowledgeBase', placeholder: 'channel.typeForm.knowledgeBaseHint' },
  },
  [ChannelType.FastGPT]: {
    baseUrl: { label: 'channel.typeForm.fastgptUrl', placeholder: 'channel.typeForm.fastgptUrlHint' },
  },
  [ChannelType.Suno]: {
    baseUrl: { label: 'channel.typeForm.sunoUrl', placeholder: 'channel.typeForm.sunoUrlHint' },
    notice: { severity: 'warning', text: 'channel.typeForm.sunoNotice' },
  },
  [ChannelType.Cloudflare]: {
    baseUrl: 'generic',
    other: { label: 'channel.typeForm.accountId', placeholder: 'channel.typeForm.accountIdHint' },
  },
  [ChannelType.SiliconFlow]: {
    baseUrl: 'generic',
    notice: { severity: 'info', text: 'channel.typeForm.siliconflowNotice' },
  },
  [ChannelType.VertexAI]: {
    baseUrl: 'generic',
    keyIsJson: true,
    other: {
      label: 'channel.typeForm.region',
      placeholder: 'channel.typeForm.regionHint',
      multiline: true,
      template: REGION_TEMPLATE,
    },
  },
  [ChannelType.VolcEngine]: {
    baseUrl: 'hidden',
    notice: { severity: 'info', text: 'channel.typeForm.volcengineNotice' },
  },
};

export function typeForm(type: number): TypeForm {
  return {
    baseUrl: 'generic',
    ...FORMS[type],
    keyHint: KEY_HINTS[type] ?? 'channel.typeForm.keyHintDefault',
  };
}

/** Models new-api pre-fills for the drawing and music types, which the model catalogue does not list. */
export const PRESET_MODELS: Partial<Record<number, string[]>> = {
  [ChannelType.Midjourney]: [
    'mj_imagine',
    'mj_variation',
    'mj_reroll',
    'mj_blend',
    'mj_upscale',
    'mj_describe',
    'mj_uploads',
  ],
  [ChannelType.MidjourneyPlus]: [
    'swap_face',
    'mj_imagine',
    'mj_variation',
    'mj_reroll',
    'mj_blend',
    'mj_upscale',
    'mj_describe',
    'mj_zoom',
    'mj_shorten',
    'mj_modal',
    'mj_inpaint',
    'mj_custom_zoom',
    'mj_high_variation',
    'mj_low_variation',
    'mj_pan',
    'mj_uploads',
  ],
  [ChannelType.Suno]: ['suno_music', 'suno_lyrics'],
};
