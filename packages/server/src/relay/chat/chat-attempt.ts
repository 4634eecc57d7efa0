import type { AttemptContext, ChannelConfig, NativeClient, UpstreamRequest } from '../providers/types.js';
import type { ProviderSettings } from '../providers/settings.js';
import { providerFor } from '../providers/index.js';
import type { ChatCall } from '../core/chat-call.js';

/**
 * The client's own format when `channel` speaks it for `upstreamModel` (a Claude client on a Claude channel, a
 * Gemini client on a Gemini channel): that attempt then forwards the client's body and relays the answer as it
 * comes. Decided per attempt, so a failover to a channel of another format still converts.
 */
export function nativeClientFor(
  call: ChatCall,
  channel: ChannelConfig,
  upstreamModel: string,
): NativeClient | undefined {
  const client = call.native ? call.format?.native : undefined;
  const speaks = providerFor(channel.type).native?.dialect(upstreamModel);
  return client && speaks === client.dialect ? client : undefined;
}

/** The upstream call of one attempt: the client's own body forwarded, or the unified request converted. */
export function attemptRequest(
  call: ChatCall,
  channel: ChannelConfig,
  upstreamModel: string,
  settings: ProviderSettings,
): UpstreamRequest | Promise<UpstreamRequest> {
  const provider = providerFor(channel.type);
  const attempt: AttemptContext = { settings, requestedModel: call.request.model };
  if (call.native && provider.native && nativeClientFor(call, channel, upstreamModel))
    return provider.native.request(channel, call.native, upstreamModel, attempt);
  return provider.chatRequest(channel, call.request, upstreamModel, attempt);
}
