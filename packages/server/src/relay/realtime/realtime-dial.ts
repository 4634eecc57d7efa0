import type { RelayChannel } from '../channels/channel-index.js';
import { RelayError, relayError } from '../core/relay-error.js';
import { AZURE_CHANNEL_TYPE } from '../providers/azure/index.js';
import { azureRealtimeTarget } from '../providers/azure/realtime.js';
import { isOpenAiCompatible, providerFor } from '../providers/index.js';
import { openaiRealtimeTarget } from '../providers/openai/realtime.js';
import type { RelayRuntime } from '../runtime.js';
import { mapStatus, shouldRetry } from '../upstream/retry-policy.js';
import { dialUpstream, HandshakeRefused, type OpenSocket } from '../upstream/upstream-socket.js';

/** OpenAI's channels and Azure's serve realtime sessions (new-api: the OpenAI adaptor's realtime mode). */
export const servesRealtime = (channel: RelayChannel): boolean =>
  isOpenAiCompatible(channel.type) || channel.type === AZURE_CHANNEL_TYPE;

export interface DialPlan {
  group: string;
  model: string;
  pinned?: RelayChannel;
  /** The client authenticated with subprotocols: the upstream is asked the same way. */
  bySubprotocol: boolean;
  maxPayload: number;
  signal: AbortSignal;
}

export interface OpenUpstream {
  socket: OpenSocket;
  channel: RelayChannel;
  upstreamModel: string;
  tried: number[];
}

/** How long an upstream may take to accept a realtime session. */
const HANDSHAKE_TIMEOUT_MS = 15_000;

/**
 * Opens the session upstream, trying channels as chat requests do (the highest tier first, never one twice,
 * `RetryTimes` more at most, what reference §5.2 allows after status_code_mapping). A refused handshake feeds
 * channel health. Undefined when the client left; otherwise throws the last failure.
 */
export async function dialRealtime(rt: RelayRuntime, plan: DialPlan): Promise<OpenUpstream | undefined> {
  const tried: number[] = [];
  const attempts = plan.pinned ? 1 : Math.max(0, rt.ctx.options.number('RetryTimes')) + 1;
  let lastError: RelayError | undefined;
  for (let i = 0; i < attempts; i++) {
    if (plan.signal.aborted) return undefined;
    const channel = plan.pinned ?? rt.channels.pick(plan.group, plan.model, tried, servesRealtime);
    if (!channel) break;
    tried.push(channel.id);
    const upstreamModel =
      (Object.hasOwn(channel.modelMapping, plan.model) && channel.modelMapping[plan.model]) || plan.model;
    const target =
      channel.type === AZURE_CHANNEL_TYPE
        ? azureRealtimeTarget(channel, upstreamModel)
        : openaiRealtimeTarget(channel, upstreamModel, plan.bySubprotocol);
    try {
      const socket = await dialUpstream(target, {
        timeoutMs: HANDSHAKE_TIMEOUT_MS,
        maxPayload: plan.maxPayload,
        signal: plan.signal,
      });
      return { socket, channel, upstreamModel, tried };
    } catch (err) {
      if (plan.signal.aborted) return undefined;
      if (!(err instanceof HandshakeRefused)) {
        lastError = new RelayError(
          502,
          'relay.upstreamUnreachable',
          {},
          'upstream_error',
          'do_request_failed',
        );
        continue;
      }
      const error = providerFor(channel.type).error(err.status, err.body);
      rt.health.failure(channel, err.status, error).catch((e: unknown) => {
        console.error('switchboard: channel health update failed:', (e as Error).message);
      });
      const status = mapStatus(err.status, channel.statusCodeMapping);
      lastError =
        status === 429
          ? new RelayError(429, 'relay.upstreamSaturated', {}, error.type, error.code)
          : new RelayError(status, undefined, {}, error.type, error.code, error.message);
      if (!shouldRetry(status, channel.type)) break;
    }
  }
  throw (
    lastError ??
    relayError(503, 'relay.noAvailableChannel', { group: plan.group, model: plan.model }, 'model_not_found')
  );
}
