import type { ChannelConfig } from '../types.js';

const DEFAULT_BASE = 'https://api.openai.com';
/** Channel type 8 ("custom"): base_url is the full endpoint, with `{model}` substituted. */
const CUSTOM_TYPE = 8;

/** The upstream URL of an OpenAI-style endpoint such as `/v1/chat/completions`. */
export function openaiUrl(channel: ChannelConfig, path: string, model: string): string {
  if (channel.type === CUSTOM_TYPE && channel.baseUrl) return channel.baseUrl.replaceAll('{model}', model);
  return `${channel.baseUrl || DEFAULT_BASE}${path}`;
}

export function openaiHeaders(channel: ChannelConfig): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${channel.key}`,
    'content-type': 'application/json',
  };
  if (channel.organization) headers['openai-organization'] = channel.organization;
  return headers;
}
