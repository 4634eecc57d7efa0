import type { ChannelConfig, ChatProvider } from '../types.js';
import { openaiChatBody, openaiProvider } from '../openai/chat.js';
import { relayEnv } from '../../../config-relay.js';

/** The `api-version` of a channel: its `other`, else `AZURE_DEFAULT_API_VERSION`. */
export const azureApiVersion = (channel: ChannelConfig): string =>
  channel.other || relayEnv.azureDefaultApiVersion;

/** Azure names deployments without dots (gpt-4o-mini, gpt-35-turbo). */
export const azureDeployment = (model: string): string => model.replaceAll('.', '');

export const AZURE_CHANNEL_TYPE = 3;

/** URL and headers of one OpenAI endpoint (`chat/completions`, `embeddings`, …) of an Azure deployment. */
export function azureEndpoint(channel: ChannelConfig, endpoint: string, model: string) {
  return {
    url:
      `${channel.baseUrl}/openai/deployments/${encodeURIComponent(azureDeployment(model))}/${endpoint}` +
      `?api-version=${encodeURIComponent(azureApiVersion(channel))}`,
    headers: { 'api-key': channel.key, 'content-type': 'application/json' },
  };
}

/** Azure OpenAI: OpenAI's body and answers at a deployment URL, authenticated with `api-key`. */
export const azureProvider: ChatProvider = {
  ...openaiProvider,
  chatRequest: (channel, request, model) => ({
    ...azureEndpoint(channel, 'chat/completions', model),
    method: 'POST',
    body: JSON.stringify(openaiChatBody(request, model)),
  }),
};
