import { resolvePrice, type ResolvedPrice } from '../billing/pricing.js';
import type { ChatCall } from '../core/chat-call.js';
import { relayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';

/**
 * The group a caller's request bills, after the checks of reference §4.3 that need no price: the token may call
 * the model, its group is one the user may use and one that still has a ratio (new-api's distributor).
 */
export function callerGroup(
  rt: RelayRuntime,
  call: Pick<ChatCall, 'caller' | 'playground'>,
  model: string,
): string {
  const { token, user } = call.caller;
  if (token.modelLimits && !token.modelLimits.has(model)) {
    throw relayError(403, 'token.modelNotAllowed', { model });
  }
  const group = (!call.playground && token.group) || user.group;
  const o = rt.ctx.options;
  if (
    group !== user.group &&
    !Object.hasOwn(o.json<Record<string, unknown>>('UserUsableGroups', {}), group)
  ) {
    throw relayError(403, 'token.groupDisabled', { group });
  }
  if (!Object.hasOwn(o.json<Record<string, number>>('GroupRatio', {}), group)) {
    throw relayError(403, 'relay.groupDeprecated', { group });
  }
  return group;
}

/** Group and model checks of reference §4.3 that need no channel: what the caller may call, and its price. */
export function checkAccess(rt: RelayRuntime, call: ChatCall): { group: string; price: ResolvedPrice } {
  const model = call.request.model;
  const group = callerGroup(rt, call, model);
  const price = resolvePrice(rt.ctx.options, model, group);
  if (!price) throw relayError(400, 'relay.modelPriceNotSet', { model }, 'model_price_error');
  return { group, price };
}
