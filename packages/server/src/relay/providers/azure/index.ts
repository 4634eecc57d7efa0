import type { ChatProvider } from '../types.js';
import { openaiChatBody, openaiProvider } from '../openai/chat.js';

/** new-api's AZURE_DEFAULT_API_VERSION; a channel's `other` overrides it. */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview';

/** Azure names deployments without dots (gpt-4o-mini, gpt-35-turbo). */
export const azureDeployment = (model: string): string => model.replaceAll('.', '');

/** Azure OpenAI: OpenAI's body and answers at a deployment URL, authenticated with `api-key`. */
export const azureProvider: ChatProvider = {
  ...openaiProvider,
  chatRequest: (channel, request, model) => ({
    url:
      `${channel.baseUrl}/openai/deployments/${encodeURIComponent(azureDeployment(model))}/chat/completions` +
      `?api-version=${encodeURIComponent(channel.other || AZURE_DEFAULT_API_VERSION)}`,
    method: 'POST',
    headers: { 'api-key': channel.key, 'content-type': 'application/json' },
    body: JSON.stringify(openaiChatBody(request, model)),
  }),
};
