import { DEFAULT_MODEL_RATIO } from '@switchboard/sdk';

/**
 * Built-in model names per channel type number, for the console's channel editor (`GET /api/models`).
 * Flat data, a reasonable default per provider rather than an exhaustive list: administrators add custom
 * names in the editor. Keep the keys in sync with the SDK's ChannelType.
 */
export const MODELS_BY_CHANNEL_TYPE: Readonly<Record<number, readonly string[]>> = {
  1: [
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4-turbo',
    'gpt-4',
    'gpt-3.5-turbo',
    'o1',
    'o1-mini',
    'o3-mini',
    'text-embedding-3-small',
    'text-embedding-3-large',
    'text-embedding-ada-002',
    'dall-e-3',
    'whisper-1',
    'tts-1',
    'tts-1-hd',
  ],
  2: [
    'mj_imagine',
    'mj_describe',
    'mj_blend',
    'mj_upscale',
    'mj_variation',
    'mj_reroll',
    'mj_modal',
    'mj_inpaint',
    'mj_zoom',
    'mj_custom_zoom',
    'mj_shorten',
    'mj_high_variation',
    'mj_low_variation',
    'mj_pan',
    'swap_face',
    'mj_upload',
  ],
  3: ['gpt-4o', 'gpt-4o-mini', 'gpt-4-turbo', 'gpt-4', 'gpt-35-turbo', 'text-embedding-ada-002'],
  4: ['llama3.1', 'llama3.2', 'qwen2.5', 'mistral', 'gemma2', 'deepseek-r1'],
  5: ['mj_imagine', 'mj_describe', 'mj_blend', 'mj_upscale', 'mj_variation', 'mj_reroll', 'mj_modal'],
  8: ['gpt-4o', 'gpt-4o-mini', 'gpt-3.5-turbo'],
  11: ['PaLM-2'],
  14: [
    'claude-3-5-sonnet-20241022',
    'claude-3-5-haiku-20241022',
    'claude-3-7-sonnet-20250219',
    'claude-3-opus-20240229',
    'claude-3-haiku-20240307',
  ],
  15: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-128K', 'ERNIE-Lite-8K', 'Embedding-V1'],
  16: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  17: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'text-embedding-v1'],
  18: ['SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5', 'SparkDesk-v4.0'],
  19: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
  20: [
    'openai/gpt-4o',
    'anthropic/claude-3.5-sonnet',
    'google/gemini-pro-1.5',
    'meta-llama/llama-3.1-70b-instruct',
  ],
  21: ['gpt-3.5-turbo', 'gpt-4'],
  22: ['gpt-3.5-turbo', 'gpt-4'],
  23: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
  24: ['gemini-2.0-flash', 'gemini-1.5-pro', 'gemini-1.5-flash', 'gemini-1.5-flash-8b', 'text-embedding-004'],
  25: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  26: ['glm-4', 'glm-4v', 'glm-4-plus', 'glm-4-flash', 'glm-3-turbo', 'embedding-2'],
  27: ['sonar', 'sonar-pro', 'sonar-reasoning'],
  31: ['yi-large', 'yi-medium', 'yi-spark', 'yi-large-turbo', 'yi-lightning'],
  33: [
    'claude-3-5-sonnet-20241022',
    'claude-3-5-haiku-20241022',
    'claude-3-opus-20240229',
    'claude-3-haiku-20240307',
  ],
  34: ['command-r', 'command-r-plus', 'command-light', 'command'],
  35: ['abab6.5-chat', 'abab6.5s-chat', 'abab5.5-chat'],
  36: ['suno_music', 'suno_lyrics'],
  37: ['dify'],
  38: ['jina-embeddings-v3', 'jina-reranker-v2-base-multilingual'],
  39: [
    '@cf/meta/llama-3.1-8b-instruct',
    '@cf/mistral/mistral-7b-instruct-v0.1',
    '@cf/qwen/qwen1.5-14b-chat-awq',
  ],
  40: ['deepseek-ai/DeepSeek-V3', 'deepseek-ai/DeepSeek-R1', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  41: ['gemini-1.5-pro', 'gemini-1.5-flash', 'claude-3-5-sonnet@20240620', 'claude-3-haiku@20240307'],
  42: [
    'mistral-large-latest',
    'mistral-small-latest',
    'open-mistral-nemo',
    'codestral-latest',
    'mistral-embed',
  ],
  43: ['deepseek-chat', 'deepseek-reasoner'],
  44: ['m3e-base', 'm3e-large', 'm3e-small'],
  45: ['doubao-pro-32k', 'doubao-pro-128k', 'doubao-lite-32k', 'doubao-embedding'],
  46: ['ernie-4.0-8k', 'ernie-3.5-8k', 'ernie-speed-128k', 'deepseek-v3', 'deepseek-r1'],
  47: ['qwen2.5-instruct', 'llama-3.1-instruct', 'bge-m3'],
  48: ['grok-2', 'grok-2-vision', 'grok-beta'],
};

/** new-api's constant `created` for every built-in model object. */
const CATALOGUE_CREATED = 1626777600;

const OWNERS: ReadonlyArray<[RegExp, string]> = [
  [/^(gpt|o\d|chatgpt|text-|dall-e|whisper|tts|davinci|babbage)/, 'openai'],
  [/^claude/, 'anthropic'],
  [/^(gemini|text-embedding-004|palm)/i, 'google'],
  [/^(ernie|embedding-v1)/i, 'baidu'],
  [/^(glm|chatglm|cogview)/, 'zhipu'],
  [/^qwen/, 'ali'],
  [/^deepseek/, 'deepseek'],
  [/^(moonshot|kimi)/, 'moonshot'],
  [/^mistral|^codestral|^open-mistral/, 'mistralai'],
  [/^command/, 'cohere'],
  [/^grok/, 'xai'],
];

/** A built-in model object, in the OpenAI `/v1/models` shape. */
export interface CatalogueEntry {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** `GET /api/channel/models`: every model with a built-in ratio, as OpenAI model objects. */
export function modelCatalogue(): CatalogueEntry[] {
  return Object.keys(DEFAULT_MODEL_RATIO).map((id) => ({
    id,
    object: 'model',
    created: CATALOGUE_CREATED,
    owned_by: OWNERS.find(([pattern]) => pattern.test(id))?.[1] ?? 'custom',
  }));
}
