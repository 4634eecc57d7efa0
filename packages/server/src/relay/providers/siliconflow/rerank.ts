import { count, type EndpointAnswer } from '../endpoint-adapter.js';
import { rerankAnswer } from '../openai/rerank.js';

/** new-api's channel type for SiliconFlow. */
export const SILICONFLOW_CHANNEL_TYPE = 40;

/**
 * SiliconFlow's rerank answer (new-api relay/channel/siliconflow): Cohere-like results, the usage in
 * `meta.tokens`. The request is OpenAI-compatible's, at base + /v1/rerank.
 */
export function siliconflowRerankResponse(answer: unknown): EndpointAnswer {
  const a = (answer ?? {}) as { results?: unknown; meta?: { tokens?: Record<string, unknown> } };
  const input = count(a.meta?.tokens?.input_tokens) ?? 0;
  const output = count(a.meta?.tokens?.output_tokens) ?? 0;
  const answered = rerankAnswer(a.results, {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: input + output,
  });
  return input + output > 0 ? answered : { body: answered.body };
}
