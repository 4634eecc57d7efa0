/** AWS Bedrock's Claude models (channel type 33) as an upstream. */
import { fromClaudeResponse } from '../anthropic/chat.js';
import { createClaudeStreamConverter } from '../anthropic/stream.js';
import type { ChatProvider, SseEvent } from '../types.js';
import { bedrockError, bedrockUpstreamRequest } from './chat.js';
import { bedrockNative } from './native.js';
import { decodeBedrockStream } from './stream.js';

export { BEDROCK_CHANNEL_TYPE, BEDROCK_MODEL_IDS, bedrockModelId, parseBedrockKey } from './api.js';
export { BEDROCK_ANTHROPIC_VERSION, bedrockError, toBedrockClaude } from './chat.js';
export { decodeBedrockStream } from './stream.js';

/**
 * A provider whose stream is not SSE text. `streamEvents` turns the raw response body into the events that
 * `chatStream`'s converter takes; the pipeline uses it instead of its SSE parser when present.
 */
export type BinaryStreamProvider = ChatProvider & {
  streamEvents(body: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent>;
};

/** Responses and stream events are Claude's own, so the anthropic transforms read them unchanged. */
export const bedrockProvider: BinaryStreamProvider = {
  chatRequest: (channel, request, model, attempt) =>
    bedrockUpstreamRequest(channel, request, model, attempt?.settings.claude),
  chatResponse: (body, model) => fromClaudeResponse(body, model),
  chatStream: (model) => createClaudeStreamConverter(model),
  error: (status, body) => bedrockError(status, body),
  streamEvents: (body) => decodeBedrockStream(body),
  native: bedrockNative,
};
