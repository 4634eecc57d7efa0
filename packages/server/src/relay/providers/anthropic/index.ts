import type { ChatProvider, ClientFormat } from '../types.js';
import { anthropicUpstreamRequest } from './api.js';
import { claudeError, fromClaudeResponse, toClaudeRequest } from './chat.js';
import { createClaudeStreamEncoder } from './ingress-stream.js';
import { claudeErrorBody, claudeToUnified, unifiedToClaude } from './ingress.js';
import { anthropicNative, claudeNativeClient } from './native.js';
import { createClaudeStreamConverter } from './stream.js';

export { toClaudeRequest, fromClaudeResponse, claudeError } from './chat.js';
export { createClaudeStreamConverter } from './stream.js';
export { anthropicHeaders, anthropicUrl, ANTHROPIC_VERSION } from './api.js';

/** Channel type 14. Bedrock and Vertex reuse `toClaudeRequest` and the response/stream transforms. */
export const ANTHROPIC_CHANNEL_TYPE = 14;

/** Anthropic's Messages API as an upstream (channel type 14). */
export const anthropicProvider: ChatProvider = {
  chatRequest: (channel, request, model, attempt) =>
    anthropicUpstreamRequest(channel, toClaudeRequest(request, model, attempt?.settings.claude), attempt),
  chatResponse: (body, model) => fromClaudeResponse(body, model),
  chatStream: (model) => createClaudeStreamConverter(model),
  error: (status, body) => claudeError(status, body),
  native: anthropicNative,
};

/** The client-facing `/v1/messages` format (the @anthropic-ai/sdk, Claude Code). */
export const claudeClientFormat: ClientFormat = {
  toUnified: (body) => claudeToUnified(body),
  fromUnified: (response, requestedModel) => unifiedToClaude(response, requestedModel),
  streamFromUnified: (requestedModel) => createClaudeStreamEncoder(requestedModel),
  errorBody: (status, error) => claudeErrorBody(status, error),
  native: claudeNativeClient,
};
