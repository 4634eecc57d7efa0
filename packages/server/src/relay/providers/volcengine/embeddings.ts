import { bearerJson, type EndpointAdapter } from '../endpoint-adapter.js';

/** new-api's channel type for Volcengine (Doubao, Ark). */
export const VOLCENGINE_CHANNEL_TYPE = 45;
const ARK = 'https://ark.cn-beijing.volces.com';

/** Ark's embeddings are OpenAI's, at /api/v3/embeddings (new-api relay/channel/volcengine). */
export const volcengineEmbeddings: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl || ARK}/api/v3/embeddings`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({ ...body, model }),
  }),
};
