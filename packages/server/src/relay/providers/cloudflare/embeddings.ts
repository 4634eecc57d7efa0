import { bearerJson, type EndpointAdapter } from '../endpoint-adapter.js';

/** new-api's channel type for Cloudflare Workers AI; the channel's `other` holds the account id. */
export const CLOUDFLARE_CHANNEL_TYPE = 39;
const CLOUDFLARE_API = 'https://api.cloudflare.com';

/** Workers AI's OpenAI-compatible embeddings, under the account (new-api relay/channel/cloudflare). */
export const cloudflareEmbeddings: EndpointAdapter = {
  request: (channel, { body, model }) => ({
    url: `${channel.baseUrl || CLOUDFLARE_API}/client/v4/accounts/${encodeURIComponent(channel.other)}/ai/v1/embeddings`,
    method: 'POST',
    headers: bearerJson(channel),
    body: JSON.stringify({ ...body, model }),
  }),
};
