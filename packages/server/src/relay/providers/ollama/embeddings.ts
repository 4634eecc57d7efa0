import { bearerJson, count, inputTexts, inputUsage, type EndpointAdapter } from '../endpoint-adapter.js';

/** new-api's channel type for Ollama. */
export const OLLAMA_CHANNEL_TYPE = 4;

/**
 * OpenAI embeddings on Ollama's /api/embed (new-api relay/channel/ollama). Each input gets its own item (new-api
 * 0.4.8 flattens every vector into one); `prompt_eval_count`, when Ollama reports it, is the usage.
 */
export const ollamaEmbeddings: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl}/api/embed`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({ model, input: inputTexts(body.input) }),
  }),
  response(answer, requestedModel) {
    const a = (answer ?? {}) as { embeddings?: unknown; prompt_eval_count?: unknown };
    const list = Array.isArray(a.embeddings) ? a.embeddings : [];
    const data = list.map((embedding, index) => ({
      object: 'embedding',
      index,
      embedding: Array.isArray(embedding) ? embedding : [],
    }));
    const tokens = count(a.prompt_eval_count) ?? 0;
    const body = { object: 'list', data, model: requestedModel, usage: inputUsage(tokens) };
    return tokens > 0 ? { body, usage: inputUsage(tokens) } : { body };
  },
};
