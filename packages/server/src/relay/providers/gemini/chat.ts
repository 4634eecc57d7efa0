/** Gemini generateContent response and error body → unified. Pure. */
import type { ChatResponse, ProviderError, ToolCall } from '../types.js';
import { finishFromGemini, newId, usageFromGemini } from './mapping.js';
import type { GeminiPart, GeminiResponse } from './types.js';

export { toGeminiRequest } from './request.js';

/** What one candidate's parts say: visible text, thought text and function calls (with generated ids). */
export function splitParts(parts: GeminiPart[] | undefined): {
  text: string | undefined;
  reasoning: string | undefined;
  calls: ToolCall[];
} {
  let text: string | undefined;
  let reasoning: string | undefined;
  const calls: ToolCall[] = [];
  for (const part of parts ?? []) {
    if (part.functionCall) {
      calls.push({
        id: part.functionCall.id || newId('call_'),
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
      });
    } else if (typeof part.text === 'string') {
      if (part.thought) reasoning = (reasoning ?? '') + part.text;
      else text = (text ?? '') + part.text;
    }
  }
  return { text, reasoning, calls };
}

/** `chatcmpl-` plus Gemini's responseId keeps the two logs joinable; older models send none. */
export const responseIdOf = (body: GeminiResponse): string =>
  body.responseId ? `chatcmpl-${body.responseId}` : newId('chatcmpl-');

export function fromGeminiResponse(raw: unknown, model: string): ChatResponse {
  const body = (raw && typeof raw === 'object' ? raw : {}) as GeminiResponse;
  const candidates = body.candidates ?? [];
  const choices: ChatResponse['choices'] = candidates.map((candidate, i) => {
    const { text, reasoning, calls } = splitParts(candidate.content?.parts);
    const message: ChatResponse['choices'][number]['message'] = {
      role: 'assistant',
      content: text ?? (calls.length > 0 ? null : ''),
    };
    if (reasoning !== undefined) message.reasoning_content = reasoning;
    if (calls.length > 0) message.tool_calls = calls;
    return {
      index: candidate.index ?? i,
      message,
      finish_reason: finishFromGemini(candidate.finishReason, calls.length > 0) ?? 'stop',
    };
  });
  // A prompt blocked by safety comes back with no candidates at all, only promptFeedback.
  if (choices.length === 0 && body.promptFeedback?.blockReason) {
    choices.push({ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' });
  }
  const response: ChatResponse = {
    id: responseIdOf(body),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices,
  };
  if (body.usageMetadata) response.usage = usageFromGemini(body.usageMetadata);
  return response;
}

/**
 * `{error:{code, message, status}}` → the OpenAI error fields. Streaming endpoints sometimes wrap it in an array;
 * a body that is not Google's shape falls back to new-api's generic upstream error.
 */
export function geminiError(status: number, body: unknown): ProviderError {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  const error = (first as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; status?: unknown; code?: unknown };
    return {
      message: typeof e.message === 'string' ? e.message : `upstream error: ${status}`,
      type: typeof e.status === 'string' ? e.status : 'upstream_error',
      code: typeof e.code === 'number' || typeof e.code === 'string' ? e.code : status,
    };
  }
  const text = typeof body === 'string' ? body.trim() : '';
  return {
    message: text || `bad response status code ${status}`,
    type: 'upstream_error',
    code: 'bad_response_status_code',
  };
}
