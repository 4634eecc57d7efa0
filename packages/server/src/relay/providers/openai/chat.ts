import type { ChatChunk, ChatProvider, ChatRequest, ChatResponse, StreamConverter, Usage } from '../types.js';
import { openaiHeaders, openaiUrl } from './api.js';
import { readOpenAiError } from './errors.js';
import { UpstreamStreamError } from '../stream-error.js';
import { relayEnv } from '../../../config-relay.js';

/**
 * The request as sent upstream: the client's body with the upstream model name, and `include_usage` asked
 * for on streams so billing gets real numbers (the pipeline hides that chunk from clients that did not ask).
 * With `FORCE_STREAM_OPTION=false` the client's own `stream_options` go as they came, as in new-api, and an
 * answer without usage is counted by the relay.
 */
export function openaiChatBody(request: ChatRequest, model: string): ChatRequest {
  const body: ChatRequest = { ...request, model };
  if (!request.stream) delete body.stream_options;
  else if (relayEnv.forceStreamOption)
    body.stream_options = { ...request.stream_options, include_usage: true };
  return body;
}

/** Parses OpenAI-format SSE `data:` events; `[DONE]` is swallowed (the pipeline writes its own). */
export class OpenAiStreamConverter implements StreamConverter {
  private lastUsage: Usage | undefined;

  event(event: { data: string }): ChatChunk[] {
    if (event.data === '[DONE]' || event.data === '') return [];
    const chunk = JSON.parse(event.data) as ChatChunk & { error?: unknown };
    if (!Array.isArray(chunk.choices)) {
      // OpenAI ends a failing stream with an error object instead of a chunk; others send usage without choices.
      if (chunk.error !== undefined && chunk.error !== null)
        throw new UpstreamStreamError(readOpenAiError(500, chunk));
      chunk.choices = [];
    }
    if (chunk.usage && (chunk.usage.prompt_tokens || chunk.usage.completion_tokens))
      this.lastUsage = chunk.usage;
    return [chunk];
  }

  end(): ChatChunk[] {
    return [];
  }

  usage(): Usage | undefined {
    return this.lastUsage;
  }
}

/** OpenAI and every OpenAI-compatible upstream (DeepSeek, Moonshot, SiliconFlow, Ollama's /v1, custom, …). */
export const openaiProvider: ChatProvider = {
  chatRequest: (channel, request, model) => ({
    url: openaiUrl(channel, '/v1/chat/completions', model),
    method: 'POST',
    headers: openaiHeaders(channel),
    body: JSON.stringify(openaiChatBody(request, model)),
  }),
  chatResponse: (body) => body as ChatResponse,
  chatStream: () => new OpenAiStreamConverter(),
  error: readOpenAiError,
};
