import type { ChannelConfig, UpstreamRequest } from '../types.js';
import { DEFAULT_PROVIDER_SETTINGS, geminiVersion, type GeminiSettings } from '../settings.js';

/** new-api's channel type for Google Gemini (AI Studio / generativelanguage API). */
export const GEMINI_CHANNEL_TYPE = 24;
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/** Gemini model ids are sometimes written as resource names (`models/gemini-pro`); the URL wants the bare id. */
export const bareModel = (model: string): string => model.replace(/^models\//, '');

/**
 * The API version of a channel's URLs for an upstream model: the channel's own (`other`), else
 * `gemini.version_settings` for the model, else its `default`.
 */
export const geminiApiVersion = (channel: ChannelConfig, model: string, settings?: GeminiSettings): string =>
  channel.other.trim() || geminiVersion(settings ?? DEFAULT_PROVIDER_SETTINGS.gemini, bareModel(model));

/** The generateContent (or SSE streamGenerateContent) URL for a channel and upstream model. */
export function geminiUrl(
  channel: ChannelConfig,
  model: string,
  stream: boolean,
  settings?: GeminiSettings,
): string {
  const base = (channel.baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const version = geminiApiVersion(channel, model, settings);
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${base}/${version}/models/${bareModel(model)}:${method}`;
}

/** The key goes in a header rather than `?key=` so it never lands in proxy or access logs. */
export function geminiHeaders(channel: ChannelConfig): Record<string, string> {
  return { 'content-type': 'application/json', 'x-goog-api-key': channel.key };
}

export function geminiUpstreamRequest(
  channel: ChannelConfig,
  model: string,
  stream: boolean,
  body: unknown,
  settings?: GeminiSettings,
): UpstreamRequest {
  return {
    url: geminiUrl(channel, model, stream, settings),
    method: 'POST',
    headers: geminiHeaders(channel),
    body: JSON.stringify(body),
  };
}
