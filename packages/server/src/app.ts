import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { OptionStore } from './modules/options/option-store.js';
import { registerModules } from './modules/index.js';
import { registerTurnstile } from './modules/turnstile/turnstile.js';
import { relayRoutes } from './relay/relay.routes.js';
import type { RelayListener } from './relay/relay-listener.js';
import { injectThroughRelay } from './http/inject.js';
import { createFrontDoor } from './http/front-door.js';
import { scheduleChannelBalances } from './scheduled/channel-balances.js';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Unix seconds; injectable so tests can travel in time. */
  now?: () => number;
  /** Fastify's logger: off unless given (main.ts logs warnings and errors to stderr). */
  logger?: boolean | { level: LogLevel; stream?: { write(line: string): void } };
}

/** Builds the whole server without listening: tests call `inject`, main.ts calls `listen`. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const options = await OptionStore.load(deps.db);
  const flushers: (() => Promise<void>)[] = [];
  const ctx: AppContext = {
    db: deps.db,
    config: deps.config,
    secrets: new SecretBox(deps.config.cryptoSecret),
    options,
    events: new AppEvents(),
    now,
    flush: async () => {
      for (const fn of flushers) await fn();
    },
    onFlush: (fn) => void flushers.push(fn),
  };
  // The relay's chat routes answer ahead of Fastify (relay-listener.ts); it is known only once the relay is set up.
  const relay: { first?: RelayListener } = {};
  const app = Fastify({
    serverFactory: (handler) =>
      createFrontDoor(deps.config.connections, (req, res) => {
        if (!relay.first?.(req, res)) handler(req, res);
      }),
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
  registerErrorHandling(app);
  registerJsonBody(app);
  registerRateLimits(app, deps.config);
  registerQueryTolerance(app);
  registerAuth(app, ctx);
  registerTurnstile(app, ctx);
  // Last onClose hook to run: buffered writes reach the database before it closes.
  app.addHook('onClose', () => ctx.flush());
  await registerModules(app, ctx);
  const { listener } = await relayRoutes(app, ctx);
  relay.first = listener;
  const balanceEveryMin = deps.config.channelUpdateFrequencyMin;
  if (balanceEveryMin) scheduleChannelBalances(app, ctx, balanceEveryMin * 60_000);
  injectThroughRelay(app, listener);
  return { app, ctx };
}
