import { count, type EndpointAnswer } from '../endpoint-adapter.js';
import type { Usage } from '../types.js';

type Json = Record<string, unknown>;

/** One ranked document as new-api answers it: the document only when the upstream returned it. */
export function rerankResult(raw: unknown): Json {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Json;
  return {
    ...(r.document !== undefined && r.document !== null ? { document: r.document } : {}),
    index: count(r.index) ?? 0,
    relevance_score: typeof r.relevance_score === 'number' ? r.relevance_score : 0,
  };
}

/** new-api's rerank answer: `{results, usage}`, whatever else the upstream sent. */
export function rerankAnswer(results: unknown, usage: Usage): EndpointAnswer {
  const list = Array.isArray(results) ? results.map(rerankResult) : [];
  return { body: { results: list, usage }, usage };
}

/**
 * Jina's rerank answer (which OpenAI-compatible rerankers copy) in new-api's shape. Jina reports
 * `usage.total_tokens` only: that is the input billed.
 */
export function openaiRerankResponse(answer: unknown): EndpointAnswer {
  const a = (answer ?? {}) as { results?: unknown; usage?: Json };
  const prompt = count(a.usage?.prompt_tokens) || count(a.usage?.total_tokens) || 0;
  const completion = count(a.usage?.completion_tokens) ?? 0;
  const answered = rerankAnswer(a.results, {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  });
  // No usage reported: the relay bills its estimate of the query and documents.
  return prompt > 0 ? answered : { body: answered.body };
}
