import { maxOutputTokens, perCallQuota, worstCaseQuota } from '@switchboard/sdk';
import type { FastifyReply } from 'fastify';
import { checkAccess } from '../callers/access.js';
import { withinCaps } from '../callers/token-caps.js';
import { providerFor } from '../providers/index.js';
import { AZURE_CHANNEL_TYPE, azureEndpoint } from '../providers/azure/index.js';
import { endpointRoute } from './endpoint-routes.js';
import { encodeEmbeddings } from '../providers/openai/embedding-encoding.js';
import { openaiHeaders, openaiUrl } from '../providers/openai/api.js';
import type { ChannelConfig, Usage } from '../providers/types.js';
import type { RelayChannel } from '../channels/channel-index.js';
import { admit, positive, streamBudgetFor, type ChatAdmission } from '../billing/admission.js';
import type { ChatCall } from '../core/chat-call.js';
import type { Hold } from '../billing/holds.js';
import { renameModel } from '../providers/native-model.js';
import { providerSettings } from '../providers/settings.js';
import {
  DEFAULT_MODEL,
  inputText,
  inputTokenBound,
  roughInputTokens,
  usageOf,
  type Endpoint,
} from './passthrough-usage.js';
import { streamUsage } from '../billing/usage-count.js';
import { relayError } from '../core/relay-error.js';
import { firstAnswer } from '../upstream/first-answer.js';
import { ClientGone } from '../core/client-gone.js';
import { hijack } from '../core/exchange.js';
import { finishStream, relayStream, type StreamTarget } from '../chat/respond-stream.js';
import type { RelayRuntime } from '../runtime.js';
import { consumeRecord, type AttemptInfo } from '../billing/consume-record.js';
import type { RelayCaller } from '../core/caller.js';
import type { ResolvedPrice } from '../billing/pricing.js';
import { sensitiveInInput, sensitiveMatcher, sensitiveWordsError } from '../core/sensitive-words.js';
import { relayEnv } from '../../config-relay.js';

export interface PassthroughCall {
  caller: RelayCaller;
  endpoint: Endpoint;
  /** Parsed JSON body, or the fields read from a multipart form. */
  body: Record<string, unknown>;
  /** The raw multipart body, forwarded as is. */
  raw?: { bytes: Buffer; contentType: string };
}

/** Azure serves OpenAI's endpoints at deployment URLs; every other OpenAI-compatible type at base + /v1/…. */
function target(channel: ChannelConfig, endpoint: Endpoint, model: string) {
  if (channel.type === AZURE_CHANNEL_TYPE) return azureEndpoint(channel, endpoint, model);
  return { url: openaiUrl(channel, `/v1/${endpoint}`, model), headers: openaiHeaders(channel) };
}

/** The field of each endpoint new-api checks for sensitive words, and the error code it refuses with. */
const SENSITIVE_FIELD: Partial<Record<Endpoint, { field: string; code?: string }>> = {
  completions: { field: 'prompt' },
  moderations: { field: 'input' },
  // new-api 0.4.8.8.3 routes embeddings past its check; a filter that is on applies here too (README).
  embeddings: { field: 'input' },
  'images/generations': { field: 'prompt', code: 'invalid_image_request' },
  'audio/speech': { field: 'input', code: 'invalid_audio_request' },
};

function checkSensitive(rt: RelayRuntime, endpoint: Endpoint, body: Record<string, unknown>): void {
  const check = SENSITIVE_FIELD[endpoint];
  const matcher = check && sensitiveMatcher(rt.ctx.options);
  if (matcher && sensitiveInInput(matcher, body[check.field])) throw sensitiveWordsError(check.code);
}

/** Images: per-call price × size and quality factors × n (reference §5.3 "Images"). */
function imageQuota(price: ResolvedPrice, body: Record<string, unknown>, quotaPerUnit: number): number {
  const size = String(body.size ?? '1024x1024');
  const sizeFactor = size.includes('256') ? 0.4 : size.includes('512') ? 0.45 : size.includes('1792') ? 2 : 1;
  const hd =
    body.quality === 'hd' && String(body.model ?? '').startsWith('dall-e-3') ? (sizeFactor > 1 ? 1.5 : 2) : 1;
  const unit = price.modelPrice ?? 0.0025 * price.modelRatio;
  return perCallQuota(unit * sizeFactor * hd * (positive(body.n) ?? 1), price.groupRatio, quotaPerUnit);
}

/**
 * OpenAI endpoints other than chat, relayed to OpenAI-compatible channels byte for byte (JSON model renamed
 * when mapped) and converted for the channel types with their own API (endpoint-routes.ts), with the same
 * hold, channel tiers, retries and settlement as chat.
 */
export async function runPassthrough(
  rt: RelayRuntime,
  call: PassthroughCall,
  reply: FastifyReply,
): Promise<void> {
  const capped = rt.caps.admit(call.caller.token);
  if (capped === undefined) return passthroughRequest(rt, call, reply);
  return withinCaps(capped, () => passthroughRequest(rt, call, reply));
}

async function passthroughRequest(
  rt: RelayRuntime,
  call: PassthroughCall,
  reply: FastifyReply,
): Promise<void> {
  const { caller, endpoint } = call;
  let { body } = call;
  const model = String(body.model || DEFAULT_MODEL[endpoint] || '');
  if (!model) throw relayError(400, 'relay.modelRequired', {}, 'invalid_request');
  if (endpoint === 'edits' && !body.instruction)
    throw relayError(400, 'relay.inputRequired', { field: 'instruction' }, 'invalid_text_request');
  const { group, price } = checkAccess(rt, { caller, request: { model, messages: [] } });
  const track = reply.request.relayTrack;
  track?.requested(model, group);
  checkSensitive(rt, endpoint, body);
  const limited = rt.limits.admit(caller.user.id);
  if (limited) await limited;
  await rt.channels.ready();
  const accept = (c: RelayChannel) => endpointRoute(c, endpoint, model) !== undefined;
  const o = rt.ctx.options;
  const quotaPerUnit = o.number('QuotaPerUnit') || 500_000;
  const isImage = endpoint === 'images/generations';
  // Edits write text as completions do, with no limit a client can set.
  const completes = endpoint === 'completions' || endpoint === 'edits';
  // The prompt as a chat, for counting what a cut-off completions stream delivered.
  const asChat: ChatCall = {
    caller,
    request: { model, messages: [{ role: 'user', content: inputText(endpoint, body) }] },
  };
  let admission: ChatAdmission | undefined;
  let hold: Hold;
  if (isImage) {
    const amount = imageQuota(price, body, quotaPerUnit);
    await rt.ledger.ensure(caller, amount, false);
    hold = rt.ledger.reserve(caller, amount, false);
  } else {
    const worst = {
      ...price,
      promptTokens: inputTokenBound(endpoint, body),
      choices: completes ? (positive(body.n) ?? 1) : 1,
      quotaPerUnit,
    };
    const limit = completes ? (positive(body.max_tokens) ?? maxOutputTokens(model)) : 0;
    await rt.ledger.ensure(caller, worstCaseQuota(worst, limit), false);
    admission = admit(rt.ledger, asChat, worst, limit);
    hold = admission.hold;
    if (admission.cap !== undefined && endpoint === 'completions')
      body = { ...body, max_tokens: admission.cap };
  }
  const signal = new ClientGone(reply.raw);
  const startedAt = performance.now();
  let settled = false;
  const settings = providerSettings(o);
  const stream = endpoint === 'completions' && body.stream === true;
  try {
    const pinned = caller.pinnedChannel !== undefined ? rt.channels.get(caller.pinnedChannel) : undefined;
    const answer = await firstAnswer(
      rt,
      { group, model, accept, signal, ...(pinned ? { pinned } : {}), track },
      (channel, upstreamModel) => {
        const own = endpointRoute(channel, endpoint, model)?.request;
        if (own)
          return own(channel, { body: { ...body, model: upstreamModel }, model: upstreamModel, settings });
        const { url, headers } = target(channel, endpoint, upstreamModel);
        if (call.raw)
          return {
            url,
            method: 'POST',
            headers: { ...headers, 'content-type': call.raw.contentType },
            body: call.raw.bytes,
          };
        const json = {
          ...body,
          model: upstreamModel,
          ...(stream && relayEnv.forceStreamOption ? { stream_options: { include_usage: true } } : {}),
        };
        return { url, method: 'POST', headers, body: JSON.stringify(json) };
      },
    );
    if (!answer) return;
    const { res, channel, upstreamModel } = answer;
    const info: AttemptInfo = {
      requestedModel: model,
      upstreamModel,
      channelId: channel.id,
      useChannel: answer.tried.map(String),
      group,
      isStream: stream,
      startedAt: Date.now() / 1000 - (performance.now() - startedAt) / 1000,
      frtMs: -1000,
    };
    const settle = async (usage: Usage, quota?: number) => {
      settled = true;
      rt.limits.succeeded(caller.user.id);
      const record = consumeRecord(price, usage, info, quotaPerUnit, Date.now() / 1000);
      if (quota !== undefined) record.quota = quota;
      track?.answered(upstreamModel, usage.prompt_tokens, usage.completion_tokens, channel.type);
      await rt.ledger.settle(caller, hold, record, false);
    };
    const estimateUsage = (): Usage => {
      const n = roughInputTokens(endpoint, body);
      return { prompt_tokens: n, completion_tokens: 0, total_tokens: n };
    };
    if (stream) {
      hijack(reply);
      const t: StreamTarget = {
        res: reply.raw,
        encoder: undefined,
        requestedModel: model,
        clientWantsUsage: !!(body.stream_options as { include_usage?: boolean } | undefined)?.include_usage,
        passThrough: true,
        ...(upstreamModel !== model ? { renameFrom: upstreamModel } : {}),
        ...(admission && price.modelPrice === undefined
          ? { budget: streamBudgetFor(rt.ledger, asChat, admission) }
          : {}),
        startedAt,
      };
      const streamAt = track ? performance.now() : 0;
      const outcome = await relayStream(res, providerFor(1), upstreamModel, t, signal);
      if (track) {
        track.streamed(outcome.firstAt, performance.now() - streamAt);
        if (outcome.error && !outcome.aborted) track.upstreamFailed = true;
      }
      info.frtMs = outcome.frtMs;
      const usage = await streamUsage(asChat.request, outcome);
      // Settled (journaled) before the last bytes go out: a crash after the client has its answer loses no bill.
      await settle(usage);
      finishStream(t, outcome, usage, `cmpl-${Date.now()}`);
      return;
    }
    const contentType = String(res.headers['content-type'] ?? 'application/json');
    const readAt = track ? performance.now() : 0;
    const bytes = Buffer.from(await res.body.arrayBuffer());
    track?.streamed(0, performance.now() - readAt);
    let parsed: unknown;
    if (contentType.includes('json')) {
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        parsed = undefined;
      }
    }
    const convert = endpointRoute(channel, endpoint, model)?.response;
    const converted = convert && parsed !== undefined ? convert(parsed, model) : undefined;
    const usage = isImage
      ? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 1 }
      : (converted?.usage ?? usageOf(endpoint, body, parsed) ?? estimateUsage());
    await settle(usage, isImage ? imageQuota(price, body, quotaPerUnit) : undefined);
    if (converted) {
      // A converted answer reports the usage billed, the upstream's or the relay's estimate (as new-api).
      const answer = (
        endpoint === 'embeddings' ? encodeEmbeddings(converted.body, body.encoding_format) : converted.body
      ) as Record<string, unknown>;
      if (!isImage && answer && typeof answer === 'object') answer.usage = usage;
      return await reply.status(res.statusCode).send(answer);
    }
    const renamed =
      parsed !== undefined && upstreamModel !== model
        ? renameModel(bytes.toString('utf8'), ['model'], model, parsed)
        : bytes;
    await reply.status(res.statusCode).type(contentType).send(renamed);
  } finally {
    if (!settled) rt.ledger.refund(hold);
  }
}
