/** Google Vertex AI (channel type 41): regions, publisher model names and endpoint URLs. */
import { bareModel } from '../gemini/api.js';
import type { ChannelConfig } from '../types.js';

export const VERTEX_CHANNEL_TYPE = 41;
export const VERTEX_DEFAULT_REGION = 'us-central1';

/** Claude models are served by the `anthropic` publisher; everything else is taken as Google's (Gemini). */
export const isClaudeModel = (model: string): boolean => model.startsWith('claude');

/**
 * The region for a model: the channel's `other`, or `us-central1`. `other` may also be a JSON object of
 * model → region with a `default` (new-api's later format), since Claude models are offered in fewer regions.
 */
export function vertexRegion(channel: ChannelConfig, model: string): string {
  const other = channel.other.trim();
  if (!other.startsWith('{')) return other || VERTEX_DEFAULT_REGION;
  try {
    const regions = JSON.parse(other) as Record<string, unknown>;
    const region = regions[model] ?? regions.default;
    return typeof region === 'string' && region ? region : VERTEX_DEFAULT_REGION;
  } catch {
    return VERTEX_DEFAULT_REGION;
  }
}

/** Anthropic's model names → Vertex's `name@date` ids (new-api's claudeModelMap); ids with `@` pass through. */
export const VERTEX_CLAUDE_MODELS: Readonly<Record<string, string>> = {
  'claude-3-sonnet-20240229': 'claude-3-sonnet@20240229',
  'claude-3-opus-20240229': 'claude-3-opus@20240229',
  'claude-3-haiku-20240307': 'claude-3-haiku@20240307',
  'claude-3-5-sonnet-20240620': 'claude-3-5-sonnet@20240620',
  'claude-3-5-sonnet-20241022': 'claude-3-5-sonnet-v2@20241022',
  'claude-3-5-haiku-20241022': 'claude-3-5-haiku@20241022',
  'claude-3-7-sonnet-20250219': 'claude-3-7-sonnet@20250219',
  'claude-sonnet-4-20250514': 'claude-sonnet-4@20250514',
  'claude-opus-4-20250514': 'claude-opus-4@20250514',
};

export const vertexClaudeModel = (model: string): string => VERTEX_CLAUDE_MODELS[model] ?? model;

/** The regional host; the `global` location has none. A channel base_url replaces it (tests, private endpoints). */
export function vertexBase(channel: ChannelConfig, region: string): string {
  if (channel.baseUrl) return channel.baseUrl.replace(/\/+$/, '');
  return region === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
}

/**
 * `…/publishers/anthropic/models/{model}:rawPredict|streamRawPredict` for Claude,
 * `…/publishers/google/models/{model}:generateContent|streamGenerateContent?alt=sse` for Gemini.
 * `model` is the name the publisher knows (already mapped for Claude).
 */
export function vertexUrl(
  channel: ChannelConfig,
  project: string,
  region: string,
  model: string,
  stream: boolean,
): string {
  const prefix = `${vertexBase(channel, region)}/v1/projects/${project}/locations/${region}/publishers`;
  if (isClaudeModel(model))
    return `${prefix}/anthropic/models/${model}:${stream ? 'streamRawPredict' : 'rawPredict'}`;
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${prefix}/google/models/${bareModel(model)}:${method}`;
}
