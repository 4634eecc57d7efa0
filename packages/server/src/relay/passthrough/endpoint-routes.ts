import type { RelayChannel } from '../channels/channel-index.js';
import { aliEmbeddings, ALI_CHANNEL_TYPE } from '../providers/ali/embeddings.js';
import { AZURE_CHANNEL_TYPE } from '../providers/azure/index.js';
import { cloudflareEmbeddings, CLOUDFLARE_CHANNEL_TYPE } from '../providers/cloudflare/embeddings.js';
import { cohereRerank, COHERE_CHANNEL_TYPE } from '../providers/cohere/rerank.js';
import type { EndpointAdapter } from '../providers/endpoint-adapter.js';
import { GEMINI_CHANNEL_TYPE } from '../providers/gemini/api.js';
import { geminiEmbeddings } from '../providers/gemini/embeddings.js';
import { geminiImages, isImagenModel } from '../providers/gemini/images.js';
import { isOpenAiCompatible } from '../providers/index.js';
import { mokaaiEmbeddings, MOKAAI_CHANNEL_TYPE } from '../providers/mokaai/embeddings.js';
import { ollamaEmbeddings, OLLAMA_CHANNEL_TYPE } from '../providers/ollama/embeddings.js';
import { openaiRerankResponse } from '../providers/openai/rerank.js';
import { siliconflowRerankResponse, SILICONFLOW_CHANNEL_TYPE } from '../providers/siliconflow/rerank.js';
import { volcengineEmbeddings, VOLCENGINE_CHANNEL_TYPE } from '../providers/volcengine/embeddings.js';
import type { Endpoint } from './passthrough-usage.js';

/**
 * How a channel serves an endpoint: its own request (else OpenAI's, at the channel's OpenAI-compatible URL,
 * body and multipart forwarded as they are) and its own answer conversion (else the answer as it came).
 */
export type EndpointRoute = Partial<EndpointAdapter>;

const OPENAI: EndpointRoute = {};
const OPENAI_RERANK: EndpointRoute = { response: openaiRerankResponse };

/** Channel types with their own API for an endpoint (new-api's adaptors at v0.4.8.8.3, plus Gemini embeddings). */
const OWN: Partial<Record<Endpoint, Readonly<Record<number, EndpointRoute>>>> = {
  embeddings: {
    [ALI_CHANNEL_TYPE]: aliEmbeddings,
    [CLOUDFLARE_CHANNEL_TYPE]: cloudflareEmbeddings,
    [GEMINI_CHANNEL_TYPE]: geminiEmbeddings,
    [MOKAAI_CHANNEL_TYPE]: mokaaiEmbeddings,
    [OLLAMA_CHANNEL_TYPE]: ollamaEmbeddings,
    [VOLCENGINE_CHANNEL_TYPE]: volcengineEmbeddings,
  },
  rerank: {
    [COHERE_CHANNEL_TYPE]: cohereRerank,
    [SILICONFLOW_CHANNEL_TYPE]: { response: siliconflowRerankResponse },
  },
};

/**
 * The route of `endpoint` on `channel` for the client's `model`; undefined when the channel cannot serve it
 * (so another channel is picked). OpenAI-compatible types and Azure serve every endpoint OpenAI's way, and
 * every rerank answer comes back in new-api's `{results, usage}`; Gemini serves embeddings and, for Imagen
 * models, images.
 */
export function endpointRoute(
  channel: RelayChannel,
  endpoint: Endpoint,
  model: string,
): EndpointRoute | undefined {
  const own = OWN[endpoint]?.[channel.type];
  if (own) return own;
  if (endpoint === 'images/generations' && channel.type === GEMINI_CHANNEL_TYPE) {
    const upstream = (Object.hasOwn(channel.modelMapping, model) && channel.modelMapping[model]) || model;
    return isImagenModel(upstream) ? geminiImages : undefined;
  }
  if (!isOpenAiCompatible(channel.type) && channel.type !== AZURE_CHANNEL_TYPE) return undefined;
  return endpoint === 'rerank' ? OPENAI_RERANK : OPENAI;
}
