/** Gemini `streamGenerateContent?alt=sse` events → unified chunks. Each event is a whole GenerateContentResponse. */
import type { ChatChunk, FinishReason, SseEvent, StreamConverter, Usage } from '../types.js';
import { responseIdOf, splitParts } from './chat.js';
import { finishFromGemini, usageFromGemini } from './mapping.js';
import type { GeminiResponse } from './types.js';

type Delta = ChatChunk['choices'][number]['delta'];

interface CandidateState {
  /** Next OpenAI tool_calls index: Gemini sends each call whole, so every call gets its own index. */
  nextTool: number;
  finished: boolean;
}

function parse(data: string): GeminiResponse | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as GeminiResponse)
      : undefined;
  } catch {
    return undefined;
  }
}

export function geminiStream(model: string): StreamConverter {
  const created = Math.floor(Date.now() / 1000);
  const candidates = new Map<number, CandidateState>();
  let id: string | undefined;
  let usage: Usage | undefined;

  const chunk = (index: number, delta: Delta, finish: FinishReason): ChatChunk => ({
    id: id!,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index, delta, finish_reason: finish }],
  });

  return {
    event(event: SseEvent): ChatChunk[] {
      const body = parse(event.data);
      if (!body) return [];
      id ??= responseIdOf(body);
      if (body.usageMetadata) usage = usageFromGemini(body.usageMetadata);
      const out: ChatChunk[] = [];
      (body.candidates ?? []).forEach((candidate, i) => {
        const index = candidate.index ?? i;
        let state = candidates.get(index);
        const delta: Delta = {};
        if (!state) {
          state = { nextTool: 0, finished: false };
          candidates.set(index, state);
          delta.role = 'assistant';
        }
        const { text, reasoning, calls } = splitParts(candidate.content?.parts);
        if (reasoning !== undefined) delta.reasoning_content = reasoning;
        if (text !== undefined) delta.content = text;
        if (calls.length > 0) {
          delta.tool_calls = calls.map((call) => ({ ...call, index: state.nextTool++ }));
        }
        const finish = finishFromGemini(candidate.finishReason, state.nextTool > 0);
        if (finish) state.finished = true;
        const hasContent = text !== undefined || reasoning !== undefined || calls.length > 0;
        if (hasContent || finish) out.push(chunk(index, delta, finish));
      });
      // A blocked prompt streams a single event with promptFeedback and no candidates.
      if (!body.candidates?.length && body.promptFeedback?.blockReason && !candidates.has(0)) {
        candidates.set(0, { nextTool: 0, finished: true });
        out.push(chunk(0, { role: 'assistant', content: '' }, 'content_filter'));
      }
      return out;
    },

    /** Gemini always sends a finishReason; this covers a stream cut short so clients still see an end. */
    end(): ChatChunk[] {
      const out: ChatChunk[] = [];
      for (const [index, state] of candidates) {
        if (state.finished) continue;
        state.finished = true;
        out.push(chunk(index, {}, state.nextTool > 0 ? 'tool_calls' : 'stop'));
      }
      return out;
    },

    usage: () => usage,
  };
}
