import { providerSettings, type ProviderSettings } from '../../relay/providers/settings.js';
import { ChannelStatus, ChannelType, LogType, splitList, translate, type Lang } from '@switchboard/sdk';
import { notFound } from '../../http/errors.js';
import type { RelayChannel } from '../../relay/channels/channel-index.js';
import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_VERSION } from '../../relay/providers/anthropic/api.js';
import { GEMINI_DEFAULT_BASE_URL } from '../../relay/providers/gemini/api.js';
import { isOpenAiCompatible, providerFor } from '../../relay/providers/index.js';
import { openaiHeaders, openaiUrl } from '../../relay/providers/openai/api.js';
import type { ChannelConfig, UpstreamRequest } from '../../relay/providers/types.js';
import type { RelayRuntime } from '../../relay/runtime.js';
import { callUpstream } from '../../relay/upstream/upstream.js';

export const OPENAI_BASE = 'https://api.openai.com';
/** A management call must not hang on a dead upstream. */
const OPS_TIMEOUT_MS = 60_000;

/** An upstream that answered with an error or could not be reached; `message` is the upstream's own text. */
export class UpstreamFailure extends Error {}

/**
 * A channel field that cannot go into the header it is sent in: a control character or text past ASCII (undici
 * refuses what lies past U+00FF and would send the rest as Latin-1 bytes). `field` names the channel's field.
 */
export class BadChannelField extends UpstreamFailure {
  constructor(readonly field: string) {
    super(`${field} holds characters an HTTP header cannot carry`);
  }
}

/** The channel field each header of a management call is built from. */
const HEADER_FIELDS: Record<string, string> = {
  authorization: 'key',
  'x-api-key': 'key',
  'x-goog-api-key': 'key',
  'api-key': 'key',
  'openai-organization': 'openai_organization',
};
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

function checkHeaders(headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {}))
    if (!HEADER_SAFE.test(value)) throw new BadChannelField(HEADER_FIELDS[name.toLowerCase()] ?? name);
}

/** Sends one request and answers the status with the parsed body (JSON when it is JSON, else the text). */
async function send(rt: RelayRuntime, req: UpstreamRequest, signal?: AbortSignal) {
  checkHeaders(req.headers);
  const timeout = AbortSignal.timeout(OPS_TIMEOUT_MS);
  let res;
  try {
    res = await callUpstream(rt.agent, req, signal ? AbortSignal.any([signal, timeout]) : timeout);
  } catch (err) {
    throw new UpstreamFailure(err instanceof Error ? err.message : String(err));
  }
  const text = await res.body.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the body (an HTML error page, a plain message).
  }
  return { status: res.statusCode, body };
}

/** GET that fails with the upstream's error message, read by the channel type's adapter. */
export async function getJson(rt: RelayRuntime, type: number, url: string, headers: Record<string, string>) {
  const { status, body } = await send(rt, { url, method: 'GET', headers });
  if (status >= 400) throw new UpstreamFailure(providerFor(type).error(status, body).message);
  return (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
}

const ids = (list: unknown, field: 'id' | 'name'): string[] =>
  Array.isArray(list)
    ? list.map((m: Record<string, unknown>) => String(m?.[field] ?? '')).filter((id) => id !== '')
    : [];

/** The model ids an upstream lists, in its own order without duplicates. */
export async function fetchUpstreamModels(rt: RelayRuntime, channel: ChannelConfig): Promise<string[]> {
  if (channel.type === ChannelType.Anthropic) {
    const base = channel.baseUrl || ANTHROPIC_DEFAULT_BASE_URL;
    const headers = { 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION };
    const body = await getJson(rt, channel.type, `${base}/v1/models?limit=1000`, headers);
    return [...new Set(ids(body.data, 'id'))];
  }
  if (channel.type === ChannelType.Gemini) {
    const base = channel.baseUrl || GEMINI_DEFAULT_BASE_URL;
    const names: string[] = [];
    let pageToken = '';
    // Gemini pages its list; a few pages cover every model it has ever published.
    for (let page = 0; page < 10; page++) {
      const query = `pageSize=1000${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
      const headers = { 'x-goog-api-key': channel.key };
      const body = await getJson(rt, channel.type, `${base}/v1beta/models?${query}`, headers);
      names.push(...ids(body.models, 'name').map((n) => n.replace(/^models\//, '')));
      pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
      if (!pageToken) break;
    }
    return [...new Set(names)];
  }
  const base = channel.baseUrl || OPENAI_BASE;
  const body = await getJson(rt, channel.type, `${base}/v1/models`, openaiHeaders(channel));
  return [...new Set(ids(body.data, 'id'))];
}

/** Models served through `/v1/embeddings` rather than chat (new-api's test heuristic). */
const isEmbeddingModel = (model: string) =>
  model.includes('embed') || model.startsWith('m3e') || model.includes('bge-');

export interface TestResult {
  success: boolean;
  message: string;
  /** Seconds. */
  time: number;
}

/** The upstream call of a channel test: a tiny chat, or an embedding for embedding models. */
async function testRequest(
  channel: RelayChannel,
  model: string,
  upstream: string,
  settings: ProviderSettings,
) {
  if (isEmbeddingModel(upstream) && isOpenAiCompatible(channel.type)) {
    const body = JSON.stringify({ model: upstream, input: ['hello world'] });
    const url = openaiUrl(channel, '/v1/embeddings', upstream);
    return { url, method: 'POST' as const, headers: openaiHeaders(channel), body };
  }
  // o1 and o3 reject max_tokens.
  const limit = /^o\d/.test(upstream) ? { max_completion_tokens: 10 } : { max_tokens: 10 };
  const request = { model, messages: [{ role: 'user' as const, content: 'hi' }], ...limit };
  return providerFor(channel.type).chatRequest(channel, request, upstream, {
    settings,
    requestedModel: model,
  });
}

/**
 * Tests a channel with a real upstream request: records test_time and response_time, logs a free "模型测试"
 * consume log, counts a qualifying error toward automatic disabling, and re-enables an automatically disabled
 * channel that passes. In a run over every channel (`all`), as new-api's test-all, an answer slower than
 * `ChannelDisableThreshold` seconds fails the test and disables a channel that allows it (`auto_ban`), whether
 * or not automatic disabling is on; a single test only reports its time.
 */
export async function testChannel(
  rt: RelayRuntime,
  id: number,
  requested: string | undefined,
  lang: Lang,
  signal?: AbortSignal,
  all = false,
): Promise<TestResult> {
  const { ctx, health } = rt;
  const row = await ctx.db
    .selectFrom('channels')
    .select(['status', 'test_model', 'models'])
    .where('id', '=', id)
    .executeTakeFirst();
  await rt.channels.ready();
  const channel = rt.channels.get(id);
  if (!row || !channel) throw notFound('channel.notFound');
  const model = requested || row.test_model || splitList(row.models)[0] || 'gpt-4o-mini';
  // Own keys only: a model named `constructor` must not find Object.prototype's.
  const upstream = (Object.hasOwn(channel.modelMapping, model) && channel.modelMapping[model]) || model;
  const startedAt = performance.now();
  let outcome: { ok: boolean; message: string; usage?: Record<string, number> };
  try {
    const { status, body } = await send(
      rt,
      await testRequest(channel, model, upstream, providerSettings(ctx.options)),
      signal,
    );
    if (status >= 400) {
      const error = providerFor(channel.type).error(status, body);
      await health.failure(channel, status, error);
      outcome = { ok: false, message: error.message };
    } else {
      const usage = readUsage(channel, body, upstream);
      outcome = usage ? { ok: true, message: '', usage } : { ok: false, message: '' };
      if (!usage) outcome.message = translate('channel.testBadResponse', lang);
    }
  } catch (err) {
    if (!(err instanceof UpstreamFailure)) throw err;
    outcome = { ok: false, message: `${translate('relay.upstreamUnreachable', lang)}: ${err.message}` };
  }
  const ms = Math.round(performance.now() - startedAt);
  const time = ms / 1000;
  await ctx.db
    .updateTable('channels')
    .set({ test_time: ctx.now(), response_time: ms })
    .where('id', '=', id)
    .execute();
  if (!outcome.usage) return { success: false, message: outcome.message, time };
  await logTest(rt, id, model, outcome.usage, time);
  const threshold = ctx.options.number('ChannelDisableThreshold');
  if (all && threshold > 0 && time > threshold) {
    const params = { time: time.toFixed(2), threshold: threshold.toFixed(2) };
    if (channel.autoBan) await health.disable(id, translate('channel.testSlow', 'zh', params));
    return { success: false, message: translate('channel.testSlow', lang, params), time };
  }
  health.success(channel);
  if (row.status === ChannelStatus.AutoDisabled) await health.enable(id);
  return { success: true, message: '', time };
}

/** Token counts of a successful test answer, or undefined when the body is not a valid answer. */
function readUsage(channel: RelayChannel, body: unknown, upstream: string) {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { data?: unknown; usage?: Record<string, number> };
  if (Array.isArray(b.data)) return { prompt_tokens: b.usage?.prompt_tokens ?? 0, completion_tokens: 0 };
  try {
    const usage = providerFor(channel.type).chatResponse(body, upstream).usage;
    return { prompt_tokens: usage?.prompt_tokens ?? 0, completion_tokens: usage?.completion_tokens ?? 0 };
  } catch {
    return undefined;
  }
}

/** new-api's test log: as user 1, never charged. */
async function logTest(
  rt: RelayRuntime,
  channelId: number,
  model: string,
  usage: Record<string, number>,
  time: number,
) {
  const { ctx } = rt;
  if (!ctx.options.bool('LogConsumeEnabled')) return;
  const user = await ctx.db.selectFrom('users').select('username').where('id', '=', 1).executeTakeFirst();
  await ctx.logDb
    .insertInto('logs')
    .values({
      user_id: 1,
      username: user?.username ?? '',
      created_at: ctx.now(),
      type: LogType.Consume,
      content: '模型测试',
      token_name: '模型测试',
      model_name: model,
      quota: 0,
      prompt_tokens: usage.prompt_tokens ?? 0,
      completion_tokens: usage.completion_tokens ?? 0,
      use_time: Math.round(time),
      is_stream: 0,
      channel_id: channelId,
      group: 'default',
      other: '{}',
    })
    .execute();
}
