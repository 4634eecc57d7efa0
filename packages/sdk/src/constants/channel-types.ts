/** Channel type numbers of new-api (contract §3.6; 47 and 48 come from later versions). */
export const ChannelType = {
  OpenAI: 1,
  Midjourney: 2,
  Azure: 3,
  Ollama: 4,
  MidjourneyPlus: 5,
  /** A custom provider; `{model}` in base_url is replaced by the model name. */
  Custom: 8,
  PaLM: 11,
  Anthropic: 14,
  Baidu: 15,
  Zhipu: 16,
  Ali: 17,
  Xunfei: 18,
  Ai360: 19,
  OpenRouter: 20,
  /** A knowledge-base proxy; `other` holds the knowledge base id. */
  AIProxyLibrary: 21,
  FastGPT: 22,
  Tencent: 23,
  Gemini: 24,
  Moonshot: 25,
  ZhipuV4: 26,
  Perplexity: 27,
  LingYi: 31,
  /** AWS Bedrock (Claude); the key is `Ak|Sk|Region`. */
  Aws: 33,
  Cohere: 34,
  MiniMax: 35,
  /** The music (Suno) type. */
  Suno: 36,
  Dify: 37,
  Jina: 38,
  /** `other` holds the account id. */
  Cloudflare: 39,
  SiliconFlow: 40,
  /** Vertex AI; the key is a JSON service-account credential and `other` the region. */
  VertexAI: 41,
  Mistral: 42,
  DeepSeek: 43,
  MokaAI: 44,
  VolcEngine: 45,
  BaiduV2: 46,
  Xinference: 47,
  Xai: 48,
} as const;

/** One of the numbers of {@link ChannelType}. */
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];

/** Display name of every channel type, by number. */
export const CHANNEL_TYPES: Readonly<Record<ChannelType, string>> = {
  1: 'OpenAI',
  2: 'Midjourney',
  3: 'Azure',
  4: 'Ollama',
  5: 'MJ-Plus',
  8: 'Custom',
  11: 'PaLM',
  14: 'Anthropic',
  15: 'Baidu',
  16: 'Zhipu',
  17: 'Ali',
  18: 'Xunfei',
  19: '360',
  20: 'OpenRouter',
  21: 'AIProxyLibrary',
  22: 'FastGPT',
  23: 'Tencent',
  24: 'Gemini',
  25: 'Moonshot',
  26: 'Zhipu_v4',
  27: 'Perplexity',
  31: 'LingYi',
  33: 'AWS',
  34: 'Cohere',
  35: 'MiniMax',
  36: 'Suno',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare',
  40: 'SiliconFlow',
  41: 'VertexAI',
  42: 'Mistral',
  43: 'DeepSeek',
  44: 'MokaAI',
  45: 'VolcEngine',
  46: 'BaiduV2',
  47: 'Xinference',
  48: 'xAI',
};

/** Every known channel type number, ascending. */
export const CHANNEL_TYPE_VALUES: readonly ChannelType[] = Object.values(ChannelType).sort((a, b) => a - b);

/** True when `type` is a channel type number this SDK knows. */
export function isChannelType(type: number): type is ChannelType {
  return Object.hasOwn(CHANNEL_TYPES, type);
}

/** The display name of a channel type, or `Unknown (n)` for a number this SDK does not know. */
export function channelTypeName(type: number): string {
  return isChannelType(type) ? CHANNEL_TYPES[type] : `Unknown (${type})`;
}

/** Types whose editor shows extra, type-specific fields (spec §3). */
export const CHANNEL_TYPES_WITH_SPECIAL_FORM: readonly ChannelType[] = [
  1, 3, 8, 18, 21, 22, 36, 39, 40, 41, 45,
];

/** The drawing-proxy types (Midjourney and MJ-Plus). */
export const DRAWING_CHANNEL_TYPES: readonly ChannelType[] = [
  ChannelType.Midjourney,
  ChannelType.MidjourneyPlus,
];

/** Key format expected by the types whose key is not a plain API key (spec §5). */
export const CHANNEL_KEY_FORMATS: Readonly<Partial<Record<ChannelType, string>>> = {
  15: 'APIKey|SecretKey',
  18: 'APPID|APISecret|APIKey',
  22: 'APIKey-AppId',
  23: 'AppId|SecretId|SecretKey',
  33: 'Ak|Sk|Region',
  41: 'JSON credential',
};

/** The key format hint for a channel type, or undefined when the key is a plain API key. */
export function channelKeyFormat(type: number): string | undefined {
  return isChannelType(type) ? CHANNEL_KEY_FORMATS[type] : undefined;
}

/** What the `other` field holds for the types that use it (contract §3.6). */
export const CHANNEL_OTHER_FIELDS: Readonly<Partial<Record<ChannelType, string>>> = {
  3: 'api_version',
  17: 'plugin',
  18: 'api_version',
  21: 'knowledge_base_id',
  24: 'api_version',
  39: 'account_id',
  41: 'region',
  44: 'api_version',
};

/** The Xunfei API version new-api fills in when `other` is left empty. */
export const XUNFEI_DEFAULT_VERSION = 'v2.1';
