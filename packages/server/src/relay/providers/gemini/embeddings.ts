import { count, inputTexts, type EndpointAdapter } from '../endpoint-adapter.js';
import { bareModel, GEMINI_DEFAULT_BASE_URL, geminiApiVersion, geminiHeaders } from './api.js';

/**
 * OpenAI embeddings on a Gemini channel: every input in one `batchEmbedContents` call (new-api's later versions
 * send only the first input to `embedContent`; a batch answers them all, in order). `dimensions` becomes
 * `outputDimensionality`. Gemini reports no usage: the relay bills its estimate of the input.
 */
export const geminiEmbeddings: EndpointAdapter = {
  request(channel, { body, model, settings }) {
    const base = channel.baseUrl || GEMINI_DEFAULT_BASE_URL;
    const version = geminiApiVersion(channel, model, settings?.gemini);
    const id = bareModel(model);
    const dimensions = count(body.dimensions);
    const requests = inputTexts(body.input).map((text) => ({
      model: `models/${id}`,
      content: { parts: [{ text }] },
      ...(dimensions ? { outputDimensionality: dimensions } : {}),
    }));
    return {
      url: `${base}/${version}/models/${id}:batchEmbedContents`,
      method: 'POST',
      headers: geminiHeaders(channel),
      body: JSON.stringify({ requests }),
    };
  },
  response(answer, requestedModel) {
    const list = (answer as { embeddings?: { values?: unknown }[] } | null)?.embeddings;
    const data = (Array.isArray(list) ? list : []).map((e, index) => ({
      object: 'embedding',
      index,
      embedding: Array.isArray(e?.values) ? e.values : [],
    }));
    return { body: { object: 'list', data, model: requestedModel } };
  },
};
