import { RelayError } from '../../core/relay-error.js';
import { bearerJson, count, inputTexts, inputUsage, type EndpointAdapter } from '../endpoint-adapter.js';

/** new-api's channel type for Alibaba Cloud (DashScope). */
export const ALI_CHANNEL_TYPE = 17;
const DASHSCOPE = 'https://dashscope.aliyuncs.com';

/**
 * OpenAI embeddings on DashScope's text-embedding service (new-api relay/channel/ali): the texts under
 * `input.texts`, the vectors back under `output.embeddings`. DashScope reports `usage.total_tokens`, billed as
 * input (new-api 0.4.8 reads it as total only and bills nothing). An answer carrying `code` is a failure.
 */
export const aliEmbeddings: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl || DASHSCOPE}/api/v1/services/embeddings/text-embedding/text-embedding`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({ model: model || 'text-embedding-v1', input: { texts: inputTexts(body.input) } }),
  }),
  response(answer, requestedModel) {
    const a = (answer ?? {}) as {
      code?: string;
      message?: string;
      output?: { embeddings?: { embedding?: unknown; text_index?: unknown }[] };
      usage?: Record<string, unknown>;
    };
    // new-api answers such a failure with the upstream's status, a 200.
    if (a.code) throw new RelayError(200, undefined, {}, a.code, a.code, a.message || a.code);
    const list = Array.isArray(a.output?.embeddings) ? a.output.embeddings : [];
    const data = list.map((e, i) => ({
      object: 'embedding',
      index: count(e?.text_index) ?? i,
      embedding: Array.isArray(e?.embedding) ? e.embedding : [],
    }));
    const tokens = count(a.usage?.total_tokens) ?? 0;
    const usage = inputUsage(tokens);
    return tokens > 0
      ? { body: { object: 'list', data, model: requestedModel, usage }, usage }
      : { body: { object: 'list', data, model: requestedModel, usage } };
  },
};
