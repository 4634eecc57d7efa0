import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyInstance, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import type { SharedRedis } from '../../cluster/redis.js';
import type { Metrics, Reading } from '../../observe/metrics.js';
import { RelayObserver } from '../../observe/relay-track.js';
import type { RelayRuntime } from '../runtime.js';

/** The relay's observer when metrics or traces are on; undefined otherwise (nothing per request then). */
export function relayObserver(ctx: AppContext): RelayObserver | undefined {
  return ctx.metrics || ctx.tracing ? new RelayObserver(ctx.metrics, ctx.tracing) : undefined;
}

/** Relay routes served by Fastify (`/v1`, `/v1beta`, `/pg`); the raw listener follows its own (relay-listener.ts). */
const RELAY_ROUTE = /^\/(v1|v1beta|pg)\//;

/**
 * Follows every relay request Fastify serves, from its `onRequest` (first of the route's hooks, so a key refused
 * by the key gate is counted too) to its `onResponse`, under its route pattern. Registered before the routes.
 */
export function followFastifyRelayRoutes(app: FastifyInstance, observer: RelayObserver | undefined): void {
  if (!observer) return;
  app.addHook('onRoute', (route) => {
    if (!RELAY_ROUTE.test(route.url)) return;
    const pattern = route.url;
    const start: onRequestHookHandler = (req, _reply, done) => {
      req.relayTrack = observer.start(pattern, req.id, performance.now());
      done();
    };
    const finish: onResponseHookHandler = (req, reply, done) => {
      req.relayTrack?.finish(reply.statusCode, reply.raw.writableFinished);
      done();
    };
    route.onRequest = [start, ...toList(route.onRequest)];
    route.onResponse = [...toList(route.onResponse), finish];
  });
}

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const CHANNEL_STATES: Record<number, string> = {
  [ChannelStatus.Enabled]: 'enabled',
  [ChannelStatus.ManuallyDisabled]: 'manually_disabled',
  [ChannelStatus.AutoDisabled]: 'auto_disabled',
};

/**
 * Gauges read at scrape time from state the relay keeps anyway: the ledger's holds, queue and journal, the token
 * cache, the model rate limit, Redis, and the channels (one small read of the channel table per scrape).
 */
export function relayGauges(
  metrics: Metrics | undefined,
  rt: RelayRuntime,
  redis: SharedRedis | undefined,
): void {
  if (!metrics) return;
  const { ledger } = rt;
  const channelRows = channelReader(rt);
  const one = (value: number): Reading[] => [[{}, value]];
  metrics.collected(
    'switchboard_holds_in_flight',
    'Requests holding quota (admitted, not yet settled or refunded)',
    'gauge',
    () => one(ledger.holdsInFlight),
  );
  metrics.collected(
    'switchboard_settlement_queue_length',
    'Settlements not yet written to the database',
    'gauge',
    () => one(ledger.backlog.queued),
  );
  metrics.collected(
    'switchboard_settlement_lag_seconds',
    'How long the oldest settlement not yet in the database has waited',
    'gauge',
    () => one(ledger.backlog.oldestMs / 1000),
  );
  metrics.collected(
    'switchboard_ledger_journal_bytes',
    "Size of the settlement journal's files",
    'gauge',
    () => one(ledger.backlog.journalBytes),
  );
  const cache = rt.auth.cacheLookups;
  metrics.collected(
    'switchboard_cache_requests_total',
    'Token cache lookups by result (hit, negative: a cached unknown key, miss: read from the database)',
    'counter',
    () => [
      [{ cache: 'token', result: 'hit' }, cache.hit],
      [{ cache: 'token', result: 'negative' }, cache.negative],
      [{ cache: 'token', result: 'miss' }, cache.miss],
    ],
  );
  metrics.collected('switchboard_cache_entries', 'Entries in the token cache by kind', 'gauge', () => {
    const size = rt.auth.cacheSize;
    return [
      [{ cache: 'token', kind: 'keys' }, size.keys],
      [{ cache: 'token', kind: 'unknown_keys' }, size.misses],
      [{ cache: 'token', kind: 'users' }, size.users],
    ];
  });
  metrics.collected(
    'switchboard_model_rate_limit_refusals_total',
    'Relay requests refused by the per-user model request limit',
    'counter',
    () => one(rt.limits.refusals),
  );
  metrics.collected(
    'switchboard_redis_up',
    'Whether Redis is reachable (absent without REDIS_CONN_STRING)',
    'gauge',
    () => (redis ? one(redis.up ? 1 : 0) : []),
  );
  metrics.collected(
    'switchboard_channel_status',
    'Each channel: 1 for its current status',
    'gauge',
    async () => {
      const rows = await channelRows();
      return rows.map((r): Reading => [
        { channel: String(r.id), status: CHANNEL_STATES[r.status] ?? 'unknown' },
        1,
      ]);
    },
  );
  metrics.collected('switchboard_channel_info', "Each channel's name and type", 'gauge', async () => {
    const rows = await channelRows();
    return rows.map((r): Reading => [{ channel: String(r.id), name: r.name, type: String(r.type) }, 1]);
  });
  metrics.collected(
    'switchboard_channel_test_latency_seconds',
    "Each tested channel's last test latency",
    'gauge',
    async () => {
      const rows = await channelRows();
      return rows
        .filter((r) => r.test_time > 0)
        .map((r): Reading => [{ channel: String(r.id) }, r.response_time / 1000]);
    },
  );
}

type ChannelRow = {
  id: number;
  name: string;
  type: number;
  status: number;
  response_time: number;
  test_time: number;
};

/**
 * The channel table, read once per scrape however many gauges ask: prom-client asks every metric in the same tick,
 * so the gauges share the read in flight, and the next scrape reads afresh (a read kept for a second instead
 * missed a channel added just before the next scrape).
 */
function channelReader(rt: RelayRuntime): () => Promise<ChannelRow[]> {
  let inFlight: Promise<ChannelRow[]> | undefined;
  return () => {
    if (inFlight) return inFlight;
    const rows = rt.ctx.db
      .selectFrom('channels')
      .select(['id', 'name', 'type', 'status', 'response_time', 'test_time'])
      .orderBy('id')
      .execute()
      .then((list) =>
        list.map((r) => ({
          id: Number(r.id),
          name: r.name,
          type: Number(r.type),
          status: Number(r.status),
          response_time: Number(r.response_time ?? 0),
          test_time: Number(r.test_time ?? 0),
        })),
      )
      .finally(() => {
        if (inFlight === rows) inFlight = undefined;
      });
    inFlight = rows;
    return rows;
  };
}
