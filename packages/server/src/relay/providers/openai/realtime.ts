import type { ChannelConfig } from '../types.js';
import { openaiUrl } from './api.js';

/** Where and how to open a realtime session upstream: a WebSocket URL, handshake headers and subprotocols. */
export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
  protocols: string[];
}

/** An http(s) base URL as the WebSocket URL of the same server. */
export const webSocketUrl = (url: string): string => url.replace(/^http(s?):\/\//i, 'ws$1://');

/**
 * OpenAI's realtime endpoint (beta protocol, as new-api 0.4.8.8.3 speaks it): `/v1/realtime?model=`. A client
 * that authenticated with subprotocols (a browser) gets its session opened the same way, with the channel's key;
 * any other with `Authorization` and `OpenAI-Beta: realtime=v1`.
 */
export function openaiRealtimeTarget(
  channel: ChannelConfig,
  model: string,
  bySubprotocol: boolean,
): RealtimeTarget {
  const url = webSocketUrl(openaiUrl(channel, `/v1/realtime?model=${encodeURIComponent(model)}`, model));
  const org: Record<string, string> = channel.organization
    ? { 'openai-organization': channel.organization }
    : {};
  if (bySubprotocol)
    return {
      url,
      headers: org,
      protocols: ['realtime', `openai-insecure-api-key.${channel.key}`, 'openai-beta.realtime-v1'],
    };
  return {
    url,
    headers: { ...org, authorization: `Bearer ${channel.key}`, 'openai-beta': 'realtime=v1' },
    protocols: [],
  };
}
