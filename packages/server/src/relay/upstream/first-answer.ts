import type { EventEmitter } from 'node:events';
import type { RelayChannel } from '../channels/channel-index.js';
import type { CancelSignal } from '../core/client-gone.js';
import { providerFor } from '../providers/index.js';
import { RelayError, relayError } from '../core/relay-error.js';
import { mapStatus, shouldRetry } from './retry-policy.js';
import type { RelayRuntime } from '../runtime.js';
import { relayEnv } from '../../config-relay.js';
import { Deadline } from './deadline.js';
import { callUpstream, readErrorBody, type UpstreamRead, type UpstreamResponse } from './upstream.js';
import type { RelayTrack } from '../../observe/relay-track.js';

type Request = Parameters<typeof callUpstream>[1];

export interface AttemptPlan {
  group: string;
  model: string;
  /** An admin's `sk-KEY-<id>` pin: that channel only, no retries. */
  pinned?: RelayChannel;
  /** Channels able to serve this kind of request (e.g. OpenAI-compatible ones for embeddings). */
  accept?: (channel: RelayChannel) => boolean;
  signal: CancelSignal & (AbortSignal | EventEmitter);
  /** How the caller reads the answer (see callUpstream); unset for an undici body stream. */
  read?: UpstreamRead;
  /** The request's metrics and span: each attempt is timed and counted there. */
  track?: RelayTrack;
}

export interface Answer {
  res: UpstreamResponse;
  channel: RelayChannel;
  upstreamModel: string;
  /** Every channel tried, in order (the log's admin_info.use_channel). */
  tried: number[];
}

/**
 * Calls channels until one answers 2xx: the highest priority tier first, never the same channel twice,
 * `RetryTimes` more attempts at most, retrying only what reference §5.2 allows after status_code_mapping.
 * Failures feed channel health. Undefined when the client went away; otherwise throws the last failure.
 */
export async function firstAnswer(
  rt: RelayRuntime,
  plan: AttemptPlan,
  build: (channel: RelayChannel, upstreamModel: string) => Request | Promise<Request>,
): Promise<Answer | undefined> {
  const tried: number[] = [];
  const attempts = plan.pinned ? 1 : Math.max(0, rt.ctx.options.number('RetryTimes')) + 1;
  let lastError: RelayError | undefined;
  const track = plan.track;
  for (let i = 0; i < attempts; i++) {
    if (plan.signal.aborted) return undefined;
    const channel = plan.pinned ?? rt.channels.pick(plan.group, plan.model, tried, plan.accept);
    if (!channel) break;
    tried.push(channel.id);
    const upstreamModel =
      (Object.hasOwn(channel.modelMapping, plan.model) && channel.modelMapping[plan.model]) || plan.model;
    let res: UpstreamResponse;
    const timeoutS = relayEnv.relayTimeoutS;
    const signal = timeoutS > 0 ? new Deadline(plan.signal, timeoutS * 1000) : plan.signal;
    try {
      const req = build(channel, upstreamModel);
      const ready = req instanceof Promise ? await req : req;
      track?.attempt(channel.id, channel.type, plan.model, upstreamModel);
      res = await callUpstream(rt.agent, ready, signal, plan.read);
    } catch {
      track?.attemptEnd(0);
      if (plan.signal.aborted) return undefined;
      // Transport failures (refused, reset, DNS) are another channel's chance, as in new-api.
      lastError = new RelayError(502, 'relay.upstreamUnreachable', {}, 'upstream_error', 'do_request_failed');
      continue;
    }
    track?.attemptEnd(res.statusCode);
    if (res.statusCode < 400) return { res, channel, upstreamModel, tried };
    const error = providerFor(channel.type).error(res.statusCode, await readErrorBody(res));
    // Fire-and-forget: counting (and maybe disabling) must not delay the retry or the client's answer.
    rt.health.failure(channel, res.statusCode, error).catch((err: unknown) => {
      console.error('switchboard: channel health update failed:', (err as Error).message);
    });
    const status = mapStatus(res.statusCode, channel.statusCodeMapping);
    lastError =
      status === 429
        ? new RelayError(429, 'relay.upstreamSaturated', {}, error.type, error.code)
        : new RelayError(status, undefined, {}, error.type, error.code, error.message);
    if (!shouldRetry(status, channel.type)) break;
  }
  if (track && lastError) track.upstreamFailed = true;
  throw (
    lastError ??
    relayError(503, 'relay.noAvailableChannel', { group: plan.group, model: plan.model }, 'model_not_found')
  );
}
