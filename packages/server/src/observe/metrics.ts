import { collectDefaultMetrics, Registry } from 'prom-client';
import { CounterFamily, HistogramFamily } from './series.js';

/** Seconds: from half a millisecond (the gateway's own work) to a minute (a long upstream answer). */
const OVERHEAD_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** A metric whose value is read when Prometheus scrapes (state the server keeps anyway). */
export type Reading = readonly [labels: Record<string, string>, value: number];

/**
 * Every metric the gateway exports (README "Operating the gateway" lists them). Label values stay bounded:
 * routes are matched route patterns, models and groups those a channel serves, channels their ids; never a
 * user, a key or a raw path.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Relay requests by route pattern, model, channel, group and outcome (see `RelayOutcome`). */
  readonly relayRequests = this.counter(
    'switchboard_relay_requests_total',
    'Relay requests by route, model, channel, group and outcome',
    ['route', 'model', 'channel', 'group', 'outcome'],
  );
  readonly retries = this.counter(
    'switchboard_relay_retries_total',
    'Upstream attempts after the first of a request, by model and the channel retried on',
    ['model', 'channel'],
  );
  readonly upstreamErrors = this.counter(
    'switchboard_upstream_errors_total',
    'Failed upstream attempts by model, channel and type (transport, rate_limited, client_error, server_error)',
    ['model', 'channel', 'type'],
  );
  readonly overhead = this.histogram(
    'switchboard_relay_overhead_seconds',
    'Time a relay request spent in Switchboard itself, waiting on upstreams excluded',
    ['route', 'model', 'channel'],
    OVERHEAD_BUCKETS,
  );
  readonly duration = this.histogram(
    'switchboard_relay_request_duration_seconds',
    'Whole relay requests, from the request line to the last byte',
    ['route', 'model'],
    LATENCY_BUCKETS,
  );
  readonly upstreamLatency = this.histogram(
    'switchboard_upstream_latency_seconds',
    'Upstream attempts: request sent to response headers (whole body for non-streamed answers)',
    ['model', 'channel'],
    LATENCY_BUCKETS,
  );
  readonly ttft = this.histogram(
    'switchboard_upstream_ttft_seconds',
    "Streamed answers: the answering attempt's request sent to the first chunk",
    ['model', 'channel'],
    LATENCY_BUCKETS,
  );
  readonly tokens = this.counter(
    'switchboard_tokens_total',
    'Tokens of settled requests by model, group and kind (prompt, completion, cached)',
    ['model', 'group', 'kind'],
  );
  readonly quota = this.counter(
    'switchboard_quota_charged_total',
    'Quota charged (as logged) by model and group',
    ['model', 'group'],
  );
  readonly apiRequests = this.counter(
    'switchboard_api_requests_total',
    '/api requests by route pattern and status',
    ['route', 'status'],
  );
  readonly apiDuration = this.histogram(
    'switchboard_api_request_duration_seconds',
    '/api requests by route pattern',
    ['route'],
    LATENCY_BUCKETS,
  );
  readonly rateLimited = this.counter(
    'switchboard_rate_limit_refusals_total',
    'Requests refused by a rate limit (api, critical, web, model)',
    ['limit'],
  );
  readonly logins = this.counter('switchboard_logins_total', 'Logins by method and outcome', [
    'method',
    'outcome',
  ]);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  counter(name: string, help: string, labels: readonly string[]): CounterFamily {
    return new CounterFamily(this.registry, name, help, labels);
  }

  histogram(
    name: string,
    help: string,
    labels: readonly string[],
    buckets: readonly number[],
  ): HistogramFamily {
    return new HistogramFamily(this.registry, name, help, labels, buckets);
  }

  /** A gauge or counter read at scrape time; `read` may be async (a database read per scrape). */
  collected(
    name: string,
    help: string,
    type: 'gauge' | 'counter',
    read: () => readonly Reading[] | Promise<readonly Reading[]>,
  ): void {
    this.registry.registerMetric({
      name,
      help,
      type,
      get: async () => ({
        name,
        help,
        type,
        values: (await read()).map(([labels, value]) => ({ labels, value })),
        aggregator: 'sum',
      }),
    } as never);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
