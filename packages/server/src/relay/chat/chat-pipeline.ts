import { ChannelStatus } from '@switchboard/sdk';
import { finishStream, relayStream, type StreamTarget } from './respond-stream.js';
import { consumeRecord, type AttemptInfo } from '../billing/consume-record.js';
import { providerFor, isOpenAiCompatible } from '../providers/index.js';
import type { ChatResponse, Usage } from '../providers/types.js';
import { checkAccess } from '../callers/access.js';
import { withinCaps } from '../callers/token-caps.js';
import type { ChatCall } from '../core/chat-call.js';
import { relayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import { firstAnswer } from '../upstream/first-answer.js';
import { attemptRequest, nativeClientFor } from './chat-attempt.js';
import { countedUsage, hasUsage, streamUsage } from '../billing/usage-count.js';
import { admitChat, capCompletion, streamBudgetFor } from '../billing/admission.js';
import { renameModel } from '../providers/native-model.js';
import { providerSettings } from '../providers/settings.js';
import { sendJson, type RelayExchange } from '../core/exchange.js';
import { ClientGone } from '../core/client-gone.js';
import { BufferedBody } from '../upstream/upstream-buffered.js';
import { sensitiveInMessages, sensitiveMatcher, sensitiveWordsError } from '../core/sensitive-words.js';

/**
 * One chat request from any client format: reserve quota, try channels (highest priority first, never the same
 * one twice), relay the answer as it comes, then settle the exact charge — or refund the hold when
 * nothing was delivered. Every path ends in exactly one settle or refund.
 */
export async function runChat(rt: RelayRuntime, call: ChatCall, ex: RelayExchange): Promise<void> {
  // The token's caps (in flight, per minute): nothing to do for nearly every token.
  const capped = call.playground ? undefined : rt.caps.admit(call.caller.token);
  if (capped === undefined) return chatRequest(rt, call, ex);
  return withinCaps(capped, () => chatRequest(rt, call, ex));
}

async function chatRequest(rt: RelayRuntime, call: ChatCall, ex: RelayExchange): Promise<void> {
  const { ctx, channels, ledger } = rt;
  const { caller, format } = call;
  const playground = call.playground ?? false;
  const model = call.request.model;
  const { group, price } = checkAccess(rt, call);
  const track = ex.track;
  track?.requested(model, group);
  const limited = rt.limits.admit(caller.user.id);
  if (limited) await limited;
  const loading = channels.ready();
  if (loading) await loading;
  const pinned = caller.pinnedChannel !== undefined ? channels.get(caller.pinnedChannel) : undefined;
  if (caller.pinnedChannel !== undefined) {
    if (!pinned) throw relayError(400, 'relay.channelNotFound');
    if (pinned.status !== ChannelStatus.Enabled) throw relayError(403, 'relay.channelDisabled');
  } else if (!channels.serves(group, model)) {
    throw relayError(503, 'relay.noAvailableChannel', { group, model }, 'model_not_found');
  }
  const sensitive = sensitiveMatcher(ctx.options);
  if (sensitive && sensitiveInMessages(sensitive, call.request.messages)) throw sensitiveWordsError();
  const quotaPerUnit = ctx.options.number('QuotaPerUnit') || 500_000;
  const admitted = admitChat(ledger, call, price, quotaPerUnit);
  const admission = admitted instanceof Promise ? await admitted : admitted;
  const { hold } = admission;
  if (admission.cap !== undefined) call = capCompletion(call, admission.cap);
  const signal = new ClientGone(ex.res);
  const startedAt = performance.now();
  const startedAtS = Date.now() / 1000;
  const { request } = call;
  let settled = false;
  const settings = providerSettings(ctx.options);
  try {
    const answer = await firstAnswer(
      rt,
      {
        group,
        model,
        ...(pinned ? { pinned } : {}),
        signal,
        read: request.stream ? 'chunks' : 'whole',
        track,
      },
      (channel, upstreamModel) => attemptRequest(call, channel, upstreamModel, settings),
    );
    if (!answer) return;
    const { res, channel, upstreamModel } = answer;
    const provider = providerFor(channel.type);
    // Same-format pass-through: the answer is the upstream's own, so the client's format needs no encoding.
    const native = nativeClientFor(call, channel, upstreamModel);
    const info: AttemptInfo = {
      requestedModel: model,
      upstreamModel,
      channelId: channel.id,
      useChannel: answer.tried.map(String),
      group,
      isStream: !!request.stream,
      startedAt: startedAtS,
      frtMs: -1000,
      ...(request.reasoning_effort ? { reasoningEffort: request.reasoning_effort } : {}),
    };
    /** Resolves once the settlement is journaled; undefined when that happened at once (most requests). */
    const settle = (usage: Usage): Promise<void> | undefined => {
      settled = true;
      rt.limits.succeeded(caller.user.id);
      const journaled = ledger.settle(
        caller,
        hold,
        consumeRecord(price, usage, info, quotaPerUnit, Date.now() / 1000),
        playground,
      );
      rt.health.success(channel);
      track?.answered(upstreamModel, usage.prompt_tokens, usage.completion_tokens, channel.type);
      return journaled;
    };
    if (request.stream) {
      const target: StreamTarget = {
        res: ex.res,
        encoder: native ? undefined : format?.streamFromUnified(model),
        requestedModel: model,
        clientWantsUsage: !format && !!request.stream_options?.include_usage,
        passThrough: !format && isOpenAiCompatible(channel.type),
        ...(native ? { native } : {}),
        ...(format?.native ? { streamError: format.native.streamError } : {}),
        ...(upstreamModel !== model ? { renameFrom: upstreamModel } : {}),
        ...(price.modelPrice === undefined ? { budget: streamBudgetFor(ledger, call, admission) } : {}),
        startedAt,
      };
      const streamAt = track ? performance.now() : 0;
      const outcome = await relayStream(res, provider, upstreamModel, target, signal);
      if (track) {
        track.streamed(outcome.firstAt, performance.now() - streamAt);
        if (outcome.error && !outcome.aborted) track.upstreamFailed = true;
      }
      info.frtMs = outcome.frtMs;
      const usage = await streamUsage(request, outcome);
      // Settled (journaled) before the last bytes go out: a crash after the client has its answer loses no bill.
      await settle(usage);
      finishStream(target, outcome, usage, `chatcmpl-${Date.now()}`);
      return;
    }
    const text = res.body instanceof BufferedBody ? res.body.utf8() : await res.body.text();
    const body: unknown = JSON.parse(text);
    const unified: ChatResponse = provider.chatResponse(body, upstreamModel);
    const usage = hasUsage(unified.usage)
      ? unified.usage
      : await countedUsage(
          request,
          unified.choices
            .map((c) => (c.message.content ?? '') + (c.message.reasoning_content ?? ''))
            .join(''),
          unified.choices.reduce((n, c) => n + (c.message.tool_calls?.length ?? 0), 0),
        );
    const journaled = settle(usage);
    if (journaled) await journaled;
    if (native) sendJson(ex.res, 200, native.response(text, body, model), 'application/json');
    else if (format) sendJson(ex.res, 200, format.fromUnified({ ...unified, usage }, model));
    else if (isOpenAiCompatible(channel.type))
      sendJson(
        ex.res,
        200,
        upstreamModel === model ? text : renameModel(text, ['model'], model, body),
        'application/json',
      );
    else sendJson(ex.res, 200, { ...unified, model, usage });
  } finally {
    if (!settled) ledger.refund(hold);
  }
}
