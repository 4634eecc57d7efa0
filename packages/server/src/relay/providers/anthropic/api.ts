import type { AttemptContext, ChannelConfig, UpstreamRequest } from '../types.js';
import { withModelHeaders } from '../settings.js';
import type { ClaudeRequest } from './types.js';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

/** `POST {base}/v1/messages`; the body builder lives in chat.ts so Bedrock and Vertex can reuse it. */
export const anthropicUrl = (channel: ChannelConfig): string =>
  `${channel.baseUrl || ANTHROPIC_DEFAULT_BASE_URL}/v1/messages`;

export function anthropicHeaders(channel: ChannelConfig, stream: boolean): Record<string, string> {
  return {
    'x-api-key': channel.key,
    'anthropic-version': ANTHROPIC_VERSION,
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
  };
}

/**
 * The upstream call for a Claude body already built by `toClaudeRequest`, with the headers
 * `claude.model_headers_settings` sets for the model the client asked for.
 */
export const anthropicUpstreamRequest = (
  channel: ChannelConfig,
  body: ClaudeRequest,
  attempt?: AttemptContext,
): UpstreamRequest => ({
  url: anthropicUrl(channel),
  method: 'POST',
  headers: withModelHeaders(
    anthropicHeaders(channel, body.stream === true),
    attempt?.settings.claude,
    attempt?.requestedModel,
  ),
  body: JSON.stringify(body),
});
