/** Claude clients on Vertex's Claude models: their own Messages body, reshaped for rawPredict, answers back as sent. */
import { betaHeader, claudeNativeBody } from '../anthropic/native.js';
import type { NativeUpstream } from '../types.js';
import { isClaudeModel } from './api.js';
import { vertexCall, vertexClaudeBody, type VertexDeps } from './chat.js';

/**
 * Only Claude models take Claude's body. Gemini models stay on the converted path: Vertex is stricter than the
 * Gemini API about request shape (every content needs a role), so a Gemini client's body is not forwarded.
 */
export const vertexNative = (deps: VertexDeps): NativeUpstream => ({
  dialect: (model) => (isClaudeModel(model) ? 'claude' : undefined),
  request: (channel, req, model, attempt) => {
    const { model: publisherModel, body } = vertexClaudeBody(
      claudeNativeBody(req.body, model, attempt?.settings.claude),
    );
    return vertexCall(
      channel,
      { model, publisherModel, stream: req.stream, body, headers: betaHeader(req) },
      deps,
    );
  },
});
