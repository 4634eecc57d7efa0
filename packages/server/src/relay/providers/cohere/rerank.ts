import { bearerJson, count, type EndpointAdapter } from '../endpoint-adapter.js';
import { rerankAnswer } from '../openai/rerank.js';

/** new-api's channel type for Cohere. */
export const COHERE_CHANNEL_TYPE = 34;
const COHERE_BASE = 'https://api.cohere.ai';

/**
 * Cohere's /v1/rerank (new-api relay/channel/cohere): `top_n` defaults to 1 and the documents always come back;
 * the answer's `meta.billed_units` is the usage. An answer without billed units bills the relay's estimate.
 */
export const cohereRerank: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl || COHERE_BASE}/v1/rerank`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({
      query: body.query ?? '',
      documents: body.documents ?? [],
      model,
      top_n: count(body.top_n) || 1,
      return_documents: true,
    }),
  }),
  response(answer) {
    const a = (answer ?? {}) as { results?: unknown; meta?: { billed_units?: Record<string, unknown> } };
    const input = count(a.meta?.billed_units?.input_tokens) ?? 0;
    const output = count(a.meta?.billed_units?.output_tokens) ?? 0;
    const usage = { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
    const answered = rerankAnswer(a.results, usage);
    return input > 0 ? answered : { body: answered.body };
  },
};
