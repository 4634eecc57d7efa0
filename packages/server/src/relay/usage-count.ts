import { countTextTokens, estimatePromptTokens, loadTokenizers } from './tokenizer.js';
import type { ChatRequest, Usage } from './providers/types.js';

/**
 * Usage when the upstream reported none (or a stream was cut off): the prompt and the text actually delivered,
 * counted with a real tokenizer, plus 7 per tool call as new-api does.
 */
export async function countedUsage(
  request: ChatRequest,
  completionText: string,
  toolCalls: number,
): Promise<Usage> {
  await loadTokenizers();
  const prompt = estimatePromptTokens(request);
  const completion = countTextTokens(completionText, request.model) + toolCalls * 7;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A cheap upper-bound guess of prompt tokens for the reservation: about 4 characters per token. */
export function roughPromptTokens(request: ChatRequest): number {
  let chars = 0;
  for (const m of request.messages) {
    if (typeof m.content === 'string') chars += m.content.length;
    else for (const p of m.content ?? []) chars += p.type === 'text' ? p.text.length : 340;
  }
  return Math.ceil(chars / 4) + 3 * request.messages.length + 3;
}

/** A usage object is only trusted when it counts something. */
export const hasUsage = (u: Usage | undefined): u is Usage =>
  !!u && (u.prompt_tokens > 0 || u.completion_tokens > 0);
