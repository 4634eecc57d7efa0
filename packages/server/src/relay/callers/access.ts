import { resolvePrice, type ResolvedPrice } from '../billing/pricing.js';
import type { ChatCall } from '../core/chat-call.js';
import { relayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';

/** Group and model checks of reference §4.3 that need no channel: what the caller may call, and its price. */
export function checkAccess(rt: RelayRuntime, call: ChatCall): { group: string; price: ResolvedPrice } {
  const { token, user } = call.caller;
  const model = call.request.model;
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
  const price = resolvePrice(o, model, group);
  if (!price) throw relayError(400, 'relay.modelPriceNotSet', { model }, 'model_price_error');
  return { group, price };
}
