/** Unified ↔ Vertex AI: Claude models speak Anthropic's Messages API, the rest Gemini's generateContent. */
import { claudeError } from '../anthropic/chat.js';
import { toClaudeRequest } from '../anthropic/chat-request.js';
import type { ClaudeRequest } from '../anthropic/types.js';
import { geminiError, toGeminiRequest } from '../gemini/chat.js';
import type { ChannelConfig, ChatRequest, ProviderError, UpstreamRequest } from '../types.js';
import { isClaudeModel, vertexClaudeModel, vertexRegion, vertexUrl } from './api.js';
import { type FetchLike, parseServiceAccount, vertexAccessToken } from './auth.js';
import { DEFAULT_PROVIDER_SETTINGS, type ClaudeSettings, type ProviderSettings } from '../settings.js';

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export type VertexClaudeBody = Omit<ClaudeRequest, 'model' | 'metadata'> & { anthropic_version: string };

/**
 * A Claude Messages body → Vertex's model id and body. The model goes in the URL; `stream` stays, as
 * streamRawPredict still wants it; `metadata` is dropped like new-api's Vertex request does.
 */
export function vertexClaudeBody<T extends { model: string; metadata?: unknown }>(
  claude: T,
): { model: string; body: Omit<T, 'model' | 'metadata'> & { anthropic_version: string } } {
  const { model, metadata: _metadata, ...rest } = claude;
  return { model: vertexClaudeModel(model), body: { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest } };
}

/** The Vertex model id and Claude body of a unified request; the id is mapped after a `-thinking` suffix goes. */
export function toVertexClaude(
  request: ChatRequest,
  model: string,
  settings?: ClaudeSettings,
): { model: string; body: VertexClaudeBody } {
  return vertexClaudeBody(toClaudeRequest(request, model, settings));
}

export interface VertexDeps {
  fetch?: FetchLike;
  now?: () => number;
}

/** What one Vertex call needs besides the channel: `model` picks the region, `publisherModel` the URL. */
export interface VertexCall {
  model: string;
  publisherModel: string;
  stream: boolean;
  body: unknown;
  headers?: Record<string, string>;
}

/** The upstream call with a bearer token (fetched or cached, hence async). */
export async function vertexCall(
  channel: ChannelConfig,
  call: VertexCall,
  deps: VertexDeps = {},
): Promise<UpstreamRequest> {
  const account = parseServiceAccount(channel.key);
  const region = vertexRegion(channel, call.model);
  const token = await vertexAccessToken(account, deps.fetch, deps.now);
  return {
    url: vertexUrl(channel, account.project_id, region, call.publisherModel, call.stream),
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(call.stream ? { accept: 'text/event-stream' } : {}),
      ...call.headers,
    },
    body: JSON.stringify(call.body),
  };
}

/** The upstream call for a unified request: Claude's body for Claude models, Gemini's for the rest. */
export function vertexUpstreamRequest(
  channel: ChannelConfig,
  request: ChatRequest,
  model: string,
  deps: VertexDeps = {},
  settings: ProviderSettings = DEFAULT_PROVIDER_SETTINGS,
): Promise<UpstreamRequest> {
  const stream = request.stream === true;
  const claude = isClaudeModel(model) ? toVertexClaude(request, model, settings.claude) : undefined;
  const publisherModel = claude?.model ?? model;
  const body = claude?.body ?? toGeminiRequest(request, settings.gemini);
  return vertexCall(channel, { model, publisherModel, stream, body }, deps);
}

/**
 * Vertex answers with Google's `{error:{code, message, status}}` for its own failures (auth, quota, not found),
 * but Claude's own errors come through rawPredict in Anthropic's `{type:'error', error:{type, message}}`.
 */
export function vertexError(status: number, body: unknown): ProviderError {
  const error = (body as { error?: { type?: unknown } } | null)?.error;
  if (error && typeof error === 'object' && typeof error.type === 'string') return claudeError(status, body);
  return geminiError(status, body);
}
