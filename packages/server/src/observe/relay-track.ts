import { ChannelType } from '@switchboard/sdk';
import type { Metrics } from './metrics.js';
import type { CounterSeries, HistogramSeries } from './series.js';
import type { TraceSpan, Tracing } from './tracing.js';

/**
 * How a relay request ended: `success` (answered 2xx/3xx), `rejected` (refused by the gateway: key, quota,
 * body, rate limit), `upstream_error` (every attempt failed, or the stream broke), `error` (no channel, the
 * gateway's own failure), `canceled` (the client went away first).
 */
export type RelayOutcome = 'success' | 'rejected' | 'upstream_error' | 'error' | 'canceled';

/** OpenTelemetry's `gen_ai.system` names for channel types; other types by their new-api name. */
const GEN_AI_SYSTEM: Record<number, string> = {
  ...Object.fromEntries(Object.entries(ChannelType).map(([name, n]) => [n, name.toLowerCase()])),
  [ChannelType.OpenAI]: 'openai',
  [ChannelType.Azure]: 'az.ai.openai',
  [ChannelType.Anthropic]: 'anthropic',
  [ChannelType.Gemini]: 'gcp.gemini',
  [ChannelType.VertexAI]: 'gcp.vertex_ai',
  [ChannelType.Aws]: 'aws.bedrock',
  [ChannelType.Mistral]: 'mistral_ai',
  [ChannelType.DeepSeek]: 'deepseek',
  [ChannelType.Xai]: 'xai',
  [ChannelType.Perplexity]: 'perplexity',
  [ChannelType.Cohere]: 'cohere',
};

export const genAiSystem = (channelType: number): string => GEN_AI_SYSTEM[channelType] ?? 'openai';

/** The GenAI operation of a relay route (`gen_ai.operation.name`). */
export function operationOf(route: string): string {
  if (route.includes('embeddings')) return 'embeddings';
  if (route.endsWith('/completions') && !route.includes('chat')) return 'text_completion';
  if (route.includes('/images/')) return 'generate_content';
  return route.startsWith('/v1/chat') ||
    route === '/v1/messages' ||
    route.startsWith('/v1beta') ||
    route.startsWith('/pg')
    ? 'chat'
    : route.replace(/^\/v1(beta)?\//, '');
}

/** The series one (route, group, model, channel) combination writes, bound once and kept. */
class RouteSeries {
  private readonly outcomes = new Map<RelayOutcome, CounterSeries>();
  readonly overhead: HistogramSeries;
  readonly duration: HistogramSeries;

  constructor(
    private readonly metrics: Metrics,
    private readonly labels: readonly [route: string, model: string, channel: string, group: string],
  ) {
    const [route, model, channel] = labels;
    this.overhead = metrics.overhead.series(route, model, channel);
    this.duration = metrics.duration.series(route, model);
  }

  requests(outcome: RelayOutcome): CounterSeries {
    let s = this.outcomes.get(outcome);
    if (!s) this.outcomes.set(outcome, (s = this.metrics.relayRequests.series(...this.labels, outcome)));
    return s;
  }
}

/** The series of one (model, channel) pair's upstream attempts. */
class AttemptSeries {
  readonly latency: HistogramSeries;
  readonly ttft: HistogramSeries;
  readonly retries: CounterSeries;
  private readonly errors = new Map<string, CounterSeries>();

  constructor(
    private readonly metrics: Metrics,
    private readonly model: string,
    private readonly channel: string,
  ) {
    this.latency = metrics.upstreamLatency.series(model, channel);
    this.ttft = metrics.ttft.series(model, channel);
    this.retries = metrics.retries.series(model, channel);
  }

  error(type: string): CounterSeries {
    let s = this.errors.get(type);
    if (!s) this.errors.set(type, (s = this.metrics.upstreamErrors.series(this.model, this.channel, type)));
    return s;
  }
}

/**
 * The relay's metrics and spans; one per app, present only when metrics or tracing are on (so a server with
 * both off allocates nothing per request for them).
 */
export class RelayObserver {
  private readonly routes = new Map<string, Map<string, Map<string, Map<string, RouteSeries>>>>();
  private readonly attempts = new Map<string, Map<string, AttemptSeries>>();

  constructor(
    readonly metrics: Metrics | undefined,
    readonly tracing: Tracing | undefined,
  ) {}

  /** Starts following one request; `t0` is its `performance.now()` at entry. */
  start(route: string, requestId: string, t0: number): RelayTrack {
    return new RelayTrack(this, route, requestId, t0);
  }

  routeSeries(route: string, model: string, channel: string, group: string): RouteSeries {
    const metrics = this.metrics!;
    const byRoute = getOrMake(
      this.routes,
      route,
      () => new Map<string, Map<string, Map<string, RouteSeries>>>(),
    );
    const byGroup = getOrMake(byRoute, group, () => new Map<string, Map<string, RouteSeries>>());
    const byModel = getOrMake(byGroup, model, () => new Map<string, RouteSeries>());
    return getOrMake(byModel, channel, () => new RouteSeries(metrics, [route, model, channel, group]));
  }

  attemptSeries(model: string, channel: string): AttemptSeries {
    const metrics = this.metrics!;
    const byModel = getOrMake(this.attempts, model, () => new Map<string, AttemptSeries>());
    return getOrMake(byModel, channel, () => new AttemptSeries(metrics, model, channel));
  }
}

function getOrMake<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

/** Upstream failures by kind, for `switchboard_upstream_errors_total{type}`. */
function errorType(status: number): string {
  if (status === 0) return 'transport';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_error' : 'client_error';
}

/**
 * One relay request as metrics and traces see it: which model, channel and group served it (label values only
 * once a channel serving the model was picked, so a made-up model name never makes a series), how long it
 * waited on upstreams (the rest is the gateway's overhead), and how it ended.
 */
export class RelayTrack {
  model = '';
  channel = '';
  group = '';
  /** Every attempt failed, or the answer's stream broke: the outcome is `upstream_error`. */
  upstreamFailed = false;
  private upstreamMs = 0;
  private attemptAt = 0;
  private attempts = 0;
  private active = false;
  private current: AttemptSeries | undefined;
  private attemptSpan: TraceSpan | undefined;
  private readonly span: TraceSpan | undefined;
  private finished = false;

  constructor(
    private readonly obs: RelayObserver,
    private readonly route: string,
    readonly requestId: string,
    private readonly t0: number,
  ) {
    const operation = operationOf(route);
    this.span = obs.tracing?.request(`${operation}`, {
      'gen_ai.operation.name': operation,
      'http.route': route,
      'switchboard.request_id': requestId,
      'http.response.header.x-oneapi-request-id': [requestId],
    });
  }

  /** The request's model and group, known once its body was read and its access checked. */
  requested(model: string, group: string): void {
    this.group = group;
    if (this.span) {
      this.span.rename(`${operationOf(this.route)} ${model}`);
      this.span.set({ 'gen_ai.request.model': model, 'switchboard.group': group });
    }
  }

  /** An upstream attempt starts on `channel` (its model, after mapping, is `upstreamModel`). */
  attempt(channelId: number, channelType: number, model: string, upstreamModel: string): void {
    this.model = model;
    this.channel = String(channelId);
    this.attemptAt = performance.now();
    this.active = true;
    if (this.obs.metrics) {
      this.current = this.obs.attemptSeries(model, this.channel);
      if (this.attempts > 0) this.current.retries.inc();
    }
    this.attempts++;
    if (this.span)
      this.attemptSpan = this.obs.tracing!.child(this.span, `${operationOf(this.route)} ${upstreamModel}`, {
        'gen_ai.operation.name': operationOf(this.route),
        'gen_ai.system': genAiSystem(channelType),
        'gen_ai.request.model': upstreamModel,
        'switchboard.channel.id': channelId,
        'switchboard.attempt': this.attempts,
      });
  }

  /** The attempt answered with `status` (0: no answer, a transport failure). */
  attemptEnd(status: number): void {
    if (!this.active) return;
    this.active = false;
    const ms = performance.now() - this.attemptAt;
    this.upstreamMs += ms;
    const failed = status === 0 || status >= 400;
    if (this.current) {
      if (failed) this.current.error(errorType(status)).inc();
      else this.current.latency.observe(ms / 1000);
    }
    const span = this.attemptSpan;
    if (span) {
      if (status) span.set({ 'http.response.status_code': status });
      if (failed) span.fail(status ? String(status) : 'transport');
      span.end();
      this.attemptSpan = undefined;
    }
  }

  /** The answering attempt's stream: its first chunk at `firstAt` and `ms` spent reading it (upstream time). */
  streamed(firstAt: number, ms: number): void {
    this.upstreamMs += ms;
    if (firstAt > 0) {
      this.current?.ttft.observe((firstAt - this.attemptAt) / 1000);
      this.span?.set({ 'switchboard.ttft_ms': Math.round(firstAt - this.attemptAt) });
    }
  }

  /** The answer's model and usage, for the span (metrics count tokens where they are settled, the ledger). */
  answered(responseModel: string, inputTokens: number, outputTokens: number, channelType: number): void {
    this.span?.set({
      'gen_ai.system': genAiSystem(channelType),
      'gen_ai.response.model': responseModel,
      'gen_ai.usage.input_tokens': inputTokens,
      'gen_ai.usage.output_tokens': outputTokens,
      'switchboard.channel.id': Number(this.channel),
    });
  }

  /** The response is over (`complete`: its last byte was written) with `status`. */
  finish(status: number, complete: boolean): void {
    if (this.finished) return;
    this.finished = true;
    const outcome: RelayOutcome = !complete
      ? 'canceled'
      : this.upstreamFailed
        ? 'upstream_error'
        : status < 400
          ? 'success'
          : status >= 500
            ? 'error'
            : 'rejected';
    const ms = performance.now() - this.t0;
    if (this.obs.metrics) {
      const s = this.obs.routeSeries(this.route, this.model, this.channel, this.group);
      s.requests(outcome).inc();
      s.duration.observe(ms / 1000);
      if (outcome === 'success') s.overhead.observe(Math.max(0, ms - this.upstreamMs) / 1000);
    }
    const span = this.span;
    if (span) {
      span.set({ 'http.response.status_code': status, 'switchboard.outcome': outcome });
      span.set({ 'switchboard.overhead_ms': Math.max(0, ms - this.upstreamMs) });
      if (outcome !== 'success') span.fail(outcome);
      this.attemptSpan?.end();
      span.end();
    }
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The relay request's metrics and span (relay routes served by Fastify, when observing). */
    relayTrack?: RelayTrack;
  }
}
