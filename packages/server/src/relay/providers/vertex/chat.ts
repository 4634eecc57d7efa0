/** Unified ↔ Vertex AI: Claude models speak Anthropic's Messages API, the rest Gemini's generateContent. */
import { claudeError } from '../anthropic/chat.js';
import { toClaudeRequest } from '../anthropic/chat-request.js';
import type { ClaudeRequest } from '../anthropic/types.js';
import { geminiError, toGeminiRequest } from '../gemini/chat.js';
import type { ChannelConfig, ChatRequest, ProviderError, UpstreamRequest } from '../types.js';
import { isClaudeModel, vertexClaudeModel, vertexRegion, vertexUrl } from './api.js';
import { type FetchLike, parseServiceAccount, vertexAccessToken } from './auth.js';

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

export type VertexClaudeBody = Omit<ClaudeRequest, 'model' | 'metadata'> & { anthropic_version: string };

/**
 * The Vertex model id and Claude body. The model goes in the URL; `stream` stays, as streamRawPredict still wants
 * it; `metadata` is dropped like new-api's Vertex request does. The id is mapped after toClaudeRequest strips a
 * `-thinking` suffix.
 */
export function toVertexClaude(
  request: ChatRequest,
  model: string,
): { model: string; body: VertexClaudeBody } {
  const { model: name, metadata: _metadata, ...rest } = toClaudeRequest(request, model);
  return { model: vertexClaudeModel(name), body: { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest } };
}

export interface VertexDeps {
  fetch?: FetchLike;
  now?: () => number;
}

/** The upstream call with a bearer token (fetched or cached, hence async). */
export async function vertexUpstreamRequest(
  channel: ChannelConfig,
  request: ChatRequest,
  model: string,
  deps: VertexDeps = {},
): Promise<UpstreamRequest> {
  const account = parseServiceAccount(channel.key);
  const stream = request.stream === true;
  const claude = isClaudeModel(model) ? toVertexClaude(request, model) : undefined;
  const upstreamModel = claude?.model ?? model;
  const body = claude?.body ?? toGeminiRequest(request);
  const region = vertexRegion(channel, model);
  const token = await vertexAccessToken(account, deps.fetch, deps.now);
  return {
    url: vertexUrl(channel, account.project_id, region, upstreamModel, stream),
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(stream ? { accept: 'text/event-stream' } : {}),
    },
    body: JSON.stringify(body),
  };
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
