/** Unified ↔ Bedrock's Claude Messages API: the body is Anthropic's, minus what Bedrock takes from the URL. */
import type { ClaudeSettings } from '../settings.js';
import { toClaudeRequest } from '../anthropic/chat-request.js';
import type { ClaudeRequest } from '../anthropic/types.js';
import type { ChatRequest, ChannelConfig, ProviderError, UpstreamRequest } from '../types.js';
import { bedrockModelId, bedrockUrl, parseBedrockKey, signBedrockRequest } from './api.js';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** Bedrock's Claude body: the model is in the URL, streaming is the endpoint's choice. */
export type BedrockClaudeBody = Omit<ClaudeRequest, 'model' | 'stream' | 'metadata'> & {
  anthropic_version: string;
};

/**
 * A Claude Messages body → the Bedrock model id and body. `model`, `stream` and `metadata` are dropped: Bedrock
 * rejects unknown keys, and new-api's AwsClaudeRequest has none of them.
 */
export function bedrockClaudeBody<T extends { model: string; stream?: unknown; metadata?: unknown }>(
  claude: T,
): { modelId: string; body: Omit<T, 'model' | 'stream' | 'metadata'> & { anthropic_version: string } } {
  const { model, stream: _stream, metadata: _metadata, ...rest } = claude;
  return { modelId: bedrockModelId(model), body: { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest } };
}

/**
 * The Bedrock model id and body for a unified request. The id is mapped after toClaudeRequest strips a
 * `-thinking` suffix, so `claude-3-7-sonnet-20250219-thinking` maps too.
 */
export function toBedrockClaude(
  request: ChatRequest,
  model: string,
  settings?: ClaudeSettings,
): { modelId: string; body: BedrockClaudeBody } {
  return bedrockClaudeBody(toClaudeRequest(request, model, settings));
}

/** The signed call of a Bedrock model with a body already built (async only to fit the contract's signature). */
export async function signedBedrockRequest(
  channel: ChannelConfig,
  modelId: string,
  body: unknown,
  stream: boolean,
): Promise<UpstreamRequest> {
  const credentials = parseBedrockKey(channel.key);
  const url = bedrockUrl(channel, credentials.region, modelId, stream);
  const text = JSON.stringify(body);
  const headers = signBedrockRequest(url, text, credentials, {
    'content-type': 'application/json',
    accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json',
  });
  return { url: url.toString(), method: 'POST', headers, body: text };
}

/** The signed upstream call for a unified request. */
export function bedrockUpstreamRequest(
  channel: ChannelConfig,
  request: ChatRequest,
  model: string,
  settings?: ClaudeSettings,
): Promise<UpstreamRequest> {
  const { modelId, body } = toBedrockClaude(request, model, settings);
  return signedBedrockRequest(channel, modelId, body, request.stream === true);
}

/**
 * Bedrock's `{message}` error body (some services spell it `Message`, and may add `__type`, e.g.
 * `…#ValidationException`) → ProviderError. The exception name, when the body has it, becomes the code; otherwise
 * the contract's default `upstream_error` / `bad_response_status_code` (§5.3.9). Auto-disable still matches
 * AWS's "security token … is invalid" message through its keyword list.
 */
export function bedrockError(status: number, body: unknown): ProviderError {
  const obj = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const raw = obj.message ?? obj.Message;
  const text = typeof raw === 'string' ? raw : typeof body === 'string' ? body.trim() : '';
  const exception = typeof obj.__type === 'string' ? obj.__type.split('#').pop() : undefined;
  return {
    message: text || `upstream returned status ${status}`,
    type: 'upstream_error',
    code: exception || 'bad_response_status_code',
  };
}
