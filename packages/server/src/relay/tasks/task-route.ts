import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyRequest } from 'fastify';
import { jsonTooDeep } from '../../http/json-body.js';
import { callerGroup } from '../callers/access.js';
import type { RelayChannel } from '../channels/channel-index.js';
import type { AdmittedCaller } from '../core/caller.js';
import { relayError, RelayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';

/** The caller whose key the route's `onRequest` checked. */
export const callerOf = (req: FastifyRequest): AdmittedCaller => req.relayCaller!;

/** A request refused before a channel was chosen, in OpenAI's shape as new-api's distributor answers it. */
export const invalidRequest = (description: string) =>
  new RelayError(400, undefined, {}, 'new_api_error', null, `Invalid request, ${description}`);

/**
 * The group the caller bills and a channel serving `model` in it (new-api's distributor): the admin's pinned
 * channel (`sk-KEY-<id>`) when there is one, else a pick by priority and weight.
 */
export async function routeTask(
  rt: RelayRuntime,
  caller: AdmittedCaller,
  model: string,
): Promise<{ group: string; channel: RelayChannel }> {
  const group = callerGroup(rt, { caller }, model);
  await rt.channels.ready();
  if (caller.pinnedChannel !== undefined) {
    const pinned = rt.channels.get(caller.pinnedChannel);
    if (!pinned) throw relayError(400, 'relay.channelNotFound');
    if (pinned.status !== ChannelStatus.Enabled) throw relayError(403, 'relay.channelDisabled');
    return { group, channel: pinned };
  }
  const channel = rt.channels.pick(group, model, []);
  if (!channel) throw relayError(503, 'relay.noAvailableChannel', { group, model }, 'model_not_found');
  return { group, channel };
}

/** A JSON object body, or undefined when the body is not one (or nests deeper than any real one does). */
export function bodyObject(raw: unknown): Record<string, unknown> | undefined {
  if (typeof raw !== 'string' || jsonTooDeep(raw)) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
