import type { ChannelConfig } from '../types.js';
import { azureApiVersion, azureDeployment } from './index.js';
import { webSocketUrl, type RealtimeTarget } from '../openai/realtime.js';

/**
 * Azure OpenAI's realtime endpoint: `/openai/realtime?deployment=&api-version=` on the resource, the key in
 * `api-key` (new-api relay/channel/openai, Azure branch), whichever way the client authenticated.
 */
export function azureRealtimeTarget(channel: ChannelConfig, model: string): RealtimeTarget {
  const version = azureApiVersion(channel);
  return {
    url:
      `${webSocketUrl(channel.baseUrl)}/openai/realtime?deployment=${encodeURIComponent(azureDeployment(model))}` +
      `&api-version=${encodeURIComponent(version)}`,
    headers: { 'api-key': channel.key },
    protocols: [],
  };
}
