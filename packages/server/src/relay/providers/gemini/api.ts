import type { ChannelConfig, UpstreamRequest } from '../types.js';

/** new-api's channel type for Google Gemini (AI Studio / generativelanguage API). */
export const GEMINI_CHANNEL_TYPE = 24;
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
/** new-api's `gemini.version_settings` default; a channel's `other` overrides it. */
export const GEMINI_DEFAULT_VERSION = 'v1beta';

/** Gemini model ids are sometimes written as resource names (`models/gemini-pro`); the URL wants the bare id. */
export const bareModel = (model: string): string => model.replace(/^models\//, '');

/** The generateContent (or SSE streamGenerateContent) URL for a channel and upstream model. */
export function geminiUrl(channel: ChannelConfig, model: string, stream: boolean): string {
  const base = (channel.baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const version = channel.other.trim() || GEMINI_DEFAULT_VERSION;
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
): UpstreamRequest {
  return {
    url: geminiUrl(channel, model, stream),
    method: 'POST',
    headers: geminiHeaders(channel),
    body: JSON.stringify(body),
  };
}
