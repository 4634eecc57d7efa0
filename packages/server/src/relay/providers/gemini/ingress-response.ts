/** Unified responses, chunks and errors → what a Gemini client expects (the response half of the client format). */
import type {
  ChatChunk,
  ChatResponse,
  ClientFormat,
  FinishReason,
  ProviderError,
  SseEvent,
  Usage,
} from '../types.js';
import { finishToGemini, parseArgs, usageToGemini } from './mapping.js';
import type { GeminiCandidate, GeminiPart, GeminiResponse } from './types.js';

type CallDelta = NonNullable<ChatChunk['choices'][number]['delta']['tool_calls']>[number];

/** Thoughts first, as Gemini orders them, then text, then function calls. */
function parts(
  reasoning: string | undefined,
  text: string | null | undefined,
  calls: GeminiPart[],
): GeminiPart[] {
  const out: GeminiPart[] = [];
  if (reasoning) out.push({ text: reasoning, thought: true });
  if (text) out.push({ text });
  out.push(...calls);
  return out;
}

export function geminiFromUnified(response: ChatResponse, requestedModel: string): GeminiResponse {
  const candidates = response.choices.map((choice): GeminiCandidate => {
    const calls = (choice.message.tool_calls ?? []).map((c) => ({
      functionCall: { name: c.function.name, args: parseArgs(c.function.arguments) },
    }));
    const p = parts(choice.message.reasoning_content, choice.message.content, calls);
    return {
      content: { role: 'model', parts: p.length > 0 ? p : [{ text: '' }] },
      finishReason: finishToGemini(choice.finish_reason),
      index: choice.index,
    };
  });
  const body: GeminiResponse = { candidates };
  if (response.usage) body.usageMetadata = usageToGemini(response.usage);
  body.modelVersion = requestedModel;
  body.responseId = response.id.replace(/^chatcmpl-/, '');
  return body;
}

/**
 * OpenAI streams tool-call arguments in fragments while Gemini sends each call whole, so calls are buffered and
 * emitted with the choice's last event. The finishReason waits for end(), where the settled usage is known, so
 * the last event carries both, as Gemini's own last event does.
 */
export function geminiStreamFromUnified(
  requestedModel: string,
): ReturnType<ClientFormat['streamFromUnified']> {
  const calls = new Map<number, Map<number, { name: string; args: string }>>();
  const finishes = new Map<number, FinishReason>();
  const event = (body: GeminiResponse): SseEvent => ({ data: JSON.stringify(body) });
  const candidate = (index: number, p: GeminiPart[], finish?: FinishReason): GeminiCandidate => ({
    content: { role: 'model', parts: p },
    ...(finish !== undefined && { finishReason: finishToGemini(finish) }),
    index,
  });
  const takeCalls = (index: number): GeminiPart[] => {
    const pending = [...(calls.get(index)?.values() ?? [])];
    calls.delete(index);
    return pending.map((c) => ({ functionCall: { name: c.name, args: parseArgs(c.args) } }));
  };
  const bufferCall = (index: number, call: CallDelta) => {
    const byIndex = calls.get(index) ?? new Map<number, { name: string; args: string }>();
    calls.set(index, byIndex);
    const entry = byIndex.get(call.index) ?? { name: '', args: '' };
    entry.name += call.function?.name ?? '';
    entry.args += call.function?.arguments ?? '';
    byIndex.set(call.index, entry);
  };

  return {
    chunk(chunk: ChatChunk): SseEvent[] {
      const candidates: GeminiCandidate[] = [];
      for (const choice of chunk.choices) {
        for (const call of choice.delta.tool_calls ?? []) bufferCall(choice.index, call);
        const done = choice.finish_reason !== null;
        if (done || !finishes.has(choice.index)) finishes.set(choice.index, choice.finish_reason);
        const p = parts(
          choice.delta.reasoning_content,
          choice.delta.content,
          done ? takeCalls(choice.index) : [],
        );
        if (p.length > 0) candidates.push(candidate(choice.index, p));
      }
      return candidates.length > 0 ? [event({ candidates, modelVersion: requestedModel })] : [];
    },

    end(usage: Usage | undefined): SseEvent[] {
      const indexes = new Set([...finishes.keys(), ...calls.keys()]);
      if (indexes.size === 0) indexes.add(0);
      const candidates = [...indexes].map((index) => {
        const pending = takeCalls(index);
        return candidate(index, pending.length > 0 ? pending : [{ text: '' }], finishes.get(index) ?? 'stop');
      });
      const body: GeminiResponse = { candidates };
      if (usage) body.usageMetadata = usageToGemini(usage);
      body.modelVersion = requestedModel;
      return [event(body)];
    },
  };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

/** Google's error envelope; the gRPC status name is what Gemini SDKs branch on. */
export function geminiErrorBody(status: number, error: ProviderError) {
  const name = STATUS_NAMES[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
  return { error: { code: status, message: error.message, status: name } };
}
