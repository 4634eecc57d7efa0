import { bearerJson, type EndpointAdapter } from '../endpoint-adapter.js';

/** new-api's channel type for MokaAI (m3e models). */
export const MOKAAI_CHANNEL_TYPE = 44;

/** MokaAI's embeddings are OpenAI's, at base + /embeddings (new-api relay/channel/mokaai). */
export const mokaaiEmbeddings: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl}/embeddings`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({ model, input: body.input }),
  }),
};
