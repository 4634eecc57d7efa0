import { useRelayEnv } from './config-relay.js';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { Config, LogLevel } from './config.js';
import { SecretBox } from './crypto.js';
import { AppEvents } from './events.js';
import type { Db } from './db/database.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerAuth } from './http/auth.js';
import { registerJsonBody } from './http/json-body.js';
import { registerQueryTolerance } from './http/query-tolerance.js';
import { registerRateLimits } from './http/rate-limit-hooks.js';
import { newRequestId, REQUEST_ID_HEADER } from './http/request-id.js';
import { isApiRequest } from './http/route-family.js';
import type { AppContext } from './context.js';
import { OptionStore } from './option-store.js';
import { registerModules } from './modules/index.js';
import { registerTurnstile } from './modules/turnstile/turnstile.js';
import { relayRoutes } from './relay/entry/relay.routes.js';
import { clientFormatOf } from './relay/entry/send-error.js';
import { FrontDoor } from './http/front-door.js';
import { Cluster } from './cluster/cluster.js';
import { registerHealth } from './http/health.js';
import { registerApiMetrics, registerMetricsEndpoint } from './http/metrics-endpoint.js';
import { Metrics } from './observe/metrics.js';
import { startTracing } from './observe/tracing.js';
import { VERSION } from './version.js';

export interface AppDeps {
  db: Db;
  /** `LOG_SQL_DSN`'s database, migrated, when logs live apart from `db`. */
  logDb?: Db;
  config: Config;
  /** Unix seconds; injectable so tests can travel in time. */
  now?: () => number;
  /** Fastify's logger: off unless given (main.ts logs warnings and errors to stderr). */
  logger?: boolean | { level: LogLevel; stream?: { write(line: string): void } };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** This node among those sharing the database: its name, Redis, periodic jobs, the change feed. */
  cluster: Cluster;
  /**
   * One request in process through the front door, as a socket's request would come (the relay's chat routes
   * first); `app.inject` goes straight to Fastify's router.
   */
  inject(opts: InjectOptions | string): Promise<LightMyRequestResponse>;
}

/** Builds the whole server without listening: tests call `inject`, main.ts calls `listen`. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  useRelayEnv(deps.config.relay);
  const options = await OptionStore.load(deps.db);
  const flushers: (() => Promise<void>)[] = [];
  const cluster = new Cluster(deps.db, deps.config, now);
  const ctx: AppContext = {
    db: deps.db,
    logDb: deps.logDb ?? deps.db,
    config: deps.config,
    secrets: new SecretBox(deps.config.cryptoSecret),
    options,
    events: new AppEvents(),
    now,
    flush: async () => {
      for (const fn of flushers) await fn();
    },
    onFlush: (fn) => void flushers.push(fn),
    node: cluster.node,
    jobs: cluster.jobs,
    draining: false,
  };
  // Off unless configured: with neither, nothing of prom-client's collectors or OpenTelemetry is loaded.
  if (deps.config.metrics) ctx.metrics = new Metrics();
  if (deps.config.tracing) ctx.tracing = await startTracing(deps.config.tracing, VERSION);
  // The relay's chat routes answer ahead of Fastify (relay-listener.ts), once the relay is set up.
  const door = new FrontDoor(deps.config.connections);
  const app = Fastify({
    serverFactory: door.serverFactory,
    logger: deps.logger ?? false,
    bodyLimit: deps.config.bodyLimit,
    trustProxy: deps.config.trustProxy,
    genReqId: () => newRequestId(),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    // Read-your-writes for the console and scripts: a balance or log read sees every finished relay request.
    if (isApiRequest(req)) await ctx.flush();
  });
  // `/api` bodies are read before the caller is known (the session is checked after): a tighter bound there.
  const apiBodyLimit = Math.min(deps.config.apiBodyLimit, deps.config.bodyLimit);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/'))
      route.bodyLimit = Math.min(route.bodyLimit ?? apiBodyLimit, apiBodyLimit);
  });
  await app.register(cookie, { secret: deps.config.sessionSecret });
  registerErrorHandling(app, clientFormatOf);
  registerJsonBody(app);
  registerApiMetrics(app, ctx.metrics);
  registerMetricsEndpoint(app, ctx);
  registerRateLimits(app, deps.config, cluster.limiter, ctx.metrics);
  registerHealth(app, ctx);
  registerQueryTolerance(app);
  registerAuth(app, ctx);
  registerTurnstile(app, ctx);
  // Last onClose hooks to run: buffered writes reach the database before it closes, then the node leaves.
  app.addHook('onClose', () => cluster.close());
  app.addHook('onClose', () => ctx.flush());
  const tracing = ctx.tracing;
  if (tracing) app.addHook('onClose', () => tracing.shutdown());
  await registerModules(app, ctx);
  const { listener, upgrade } = await relayRoutes(app, ctx, cluster.redis);
  door.first = listener;
  door.upgrade = upgrade;
  await cluster.follow(ctx.events, options);
  return { app, ctx, cluster, inject: (opts) => door.inject(app, opts) };
}
