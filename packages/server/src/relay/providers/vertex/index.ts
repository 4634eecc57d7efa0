/** Google Vertex AI (channel type 41) as an upstream: Claude (anthropic publisher) and Gemini (google publisher). */
import { fromClaudeResponse } from '../anthropic/chat.js';
import { createClaudeStreamConverter } from '../anthropic/stream.js';
import { fromGeminiResponse } from '../gemini/chat.js';
import { geminiStream } from '../gemini/stream.js';
import type { ChatProvider } from '../types.js';
import { isClaudeModel } from './api.js';
import { vertexError, vertexUpstreamRequest, type VertexDeps } from './chat.js';
import { vertexNative } from './native.js';

export { VERTEX_CHANNEL_TYPE, VERTEX_CLAUDE_MODELS, vertexRegion, vertexUrl } from './api.js';
export { clearVertexTokenCache, parseServiceAccount, serviceAccountJwt, vertexAccessToken } from './auth.js';
export { VERTEX_ANTHROPIC_VERSION, toVertexClaude, vertexError } from './chat.js';

/** A Vertex provider; tests inject the token endpoint's fetch and the clock. */
export function createVertexProvider(deps: VertexDeps = {}): ChatProvider {
  return {
    chatRequest: (channel, request, model, attempt) =>
      vertexUpstreamRequest(channel, request, model, deps, attempt?.settings),
    // The answer's shape follows the publisher, which the model name decides.
    chatResponse: (body, model) =>
      isClaudeModel(model) ? fromClaudeResponse(body, model) : fromGeminiResponse(body, model),
    chatStream: (model) => (isClaudeModel(model) ? createClaudeStreamConverter(model) : geminiStream(model)),
    error: (status, body) => vertexError(status, body),
    native: vertexNative(deps),
  };
}

export const vertexProvider: ChatProvider = createVertexProvider();
