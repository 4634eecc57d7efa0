import { UserStatus } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ChannelHealth } from '../channels/channel-health.js';
import { ChannelIndex } from '../channels/channel-index.js';
import { channelOpsRoutes } from '../../modules/channels/channel-ops.routes.js';
import { runChat } from '../chat/chat-pipeline.js';
import { Ledger } from '../billing/ledger.js';
import { LeaseBook } from '../billing/leases.js';
import { TokenCaps } from '../callers/token-caps.js';
import { BudgetLeases } from '../billing/budget-leases.js';
import { budgetOf } from '../billing/budget-spec.js';
import { primeBudgets } from '../billing/budget-usage.js';
import type { SharedRedis } from '../../cluster/redis.js';
import { SharedModelLimit } from '../callers/shared-model-limit.js';
import { dialectOf } from '../../db/dialect.js';
import { ModelRateLimit } from '../callers/model-rate-limit.js';
import type { ChatRequest, ClientFormat } from '../providers/types.js';
import { relayError } from '../core/relay-error.js';
import { ChatRequestSchema } from '../core/chat-request-schema.js';
import { validateBody } from '../core/request-fields.js';
import { sendRelayError } from './send-error.js';
import { exchangeOf, type RelayExchange } from '../core/exchange.js';
import { relayListener, type RelayListener } from './relay-listener.js';
import { chatRoutes, keyOf, serveChat } from './chat-routes.js';
import { SENSITIVE_OPTIONS, sensitiveMatcher } from '../core/sensitive-words.js';
import type { RelayRuntime } from '../runtime.js';
import { TokenAuth } from '../callers/token-auth.js';
import type { RelayCaller } from '../core/caller.js';
import { createUpstreamAgent } from '../upstream/upstream.js';
import { modelsRoutes } from './models.routes.js';
import { passthroughRoutes } from './passthrough.routes.js';
import { billingRoutes } from './billing.routes.js';
import { realtimeEntry } from './realtime-upgrade.js';
import { taskRoutes } from '../tasks/task-routes.js';
import type { UpgradeTaker } from '../../http/front-door.js';
import { ownWarningThreshold } from '../../notify/quota-warning.js';
import { isApiRequest } from '../../http/route-family.js';
import { gateRelayBodies, loggedInFirst } from './key-gate.js';
import { followFastifyRelayRoutes, relayGauges, relayObserver } from './observe-relay.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const guard =
  (handler: Handler, format?: ClientFormat): Handler =>
  async (req, reply) => {
    try {
      return await handler(req, reply);
    } catch (err) {
      return sendRelayError(req, reply, err, format);
    }
  };

/** The playground's chat body also names the group to bill. */
const PlaygroundRequestSchema = ChatRequestSchema.extend({ group: z.string().nullish() });

/** The relay: `/v1` (OpenAI and Claude formats), `/v1beta` (Gemini format) and the playground. */
export async function relayRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** Redis, when the nodes share one: the model rate limits count there. */
  redis?: SharedRedis,
): Promise<{ listener: RelayListener; upgrade: UpgradeTaker }> {
  const streamIdleS = Number(process.env.STREAMING_TIMEOUT ?? 60) || 60;
  // The token cache owns the cached balances: the ledger tells it of each charge, and it takes what the
  // ledger has not written yet off every balance it reads.
  const auth = new TokenAuth(ctx);
  const rt: RelayRuntime = {
    ctx,
    auth,
    channels: new ChannelIndex(ctx),
    health: new ChannelHealth(ctx),
    ledger: new Ledger(ctx, auth.balances),
    limits: new ModelRateLimit(ctx.options, redis && new SharedModelLimit(redis)),
    caps: new TokenCaps(redis),
    agent: createUpstreamAgent(streamIdleS * 1000),
  };
  const observer = relayObserver(ctx);
  if (observer) rt.observer = observer;
  relayGauges(ctx.metrics, rt, redis);
  auth.attach(rt.ledger);
  rt.ledger.onSettled = (caller, tokens) => rt.caps.used(caller.token, tokens);
  if (ctx.config.ledgerJournalDir) await rt.ledger.openJournal(ctx.config.ledgerJournalDir);
  // Several nodes may share a server database: each admits against its own slices of the balances.
  if (dialectOf(ctx.db) !== 'sqlite') {
    const leases = new LeaseBook(ctx.db, ctx.node, (kind, id) =>
      kind === 'u' ? rt.ledger.holds.user(id) : rt.ledger.holds.token(id),
    );
    const budgets = rt.ledger.budgets;
    const budgetLeases = new BudgetLeases(
      ctx.db,
      ctx.node,
      (key) => budgets.heldOf(key),
      () => ctx.now(),
    );
    await leases.start();
    await budgetLeases.start();
    rt.ledger.useLeases(leases, budgetLeases);
    // Named ids only: the blanket notice after every /api write says nothing about balances.
    ctx.events.on('users', (ids) => {
      leases.revoked('u', ids);
      for (const id of ids) budgetLeases.revokedOwner('u' + id);
    });
    ctx.events.on('tokens', (ids) => {
      leases.revoked('t', ids);
      for (const id of ids) budgetLeases.revokedOwner('t' + id);
    });
  }
  // Spend of periods that are over is forgotten now and then (it is in the database).
  const pruning = setInterval(() => rt.ledger.budgets.prune(), 10 * 60_000);
  pruning.unref();
  // The sensitive-word matcher is built when its options change (and now), not by the first request after;
  // a change another node made arrives by reload, and the first check after it builds the matcher then.
  sensitiveMatcher(ctx.options);
  const unwatch = ctx.options.onChange((key) => {
    if (SENSITIVE_OPTIONS.has(key)) sensitiveMatcher(ctx.options);
  });
  app.addHook('onClose', async () => unwatch());
  // Realtime sessions outlive any request: they are ended (and billed) before the server and the ledger close.
  const realtime = realtimeEntry(rt);
  ctx.metrics?.collected(
    'switchboard_realtime_sessions',
    'Realtime (WebSocket) sessions open',
    'gauge',
    () => [[{}, realtime.open()]],
  );
  app.addHook('preClose', () => realtime.closeAll());
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    await rt.ledger.close();
    await rt.agent.closeAll();
  });
  // Management writes may change a token, a user or a balance: drop the relay's cached rows.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && isApiRequest(req) && reply.statusCode < 400) {
      ctx.events.emit('tokens', []);
    }
  });

  // First, so a request's track starts before the key gate's hook (a refused key is counted too).
  followFastifyRelayRoutes(app, observer);
  gateRelayBodies(app, rt);
  // Routes with a body had their key checked before it was read; the model lists check it here.
  const tokenCaller = async (req: FastifyRequest) =>
    req.relayCaller ?? rt.auth.authenticate(keyOf(req), req.ip);
  const chat = chatRoutes(rt);
  const checked = (req: FastifyRequest) => req.relayCaller!;

  // The same routes through Fastify, for the URLs the raw listener leaves to it (a trailing slash, a body
  // that is not declared JSON): one behaviour, whichever way a request comes in.
  app.post('/v1/chat/completions', (req, reply) =>
    serveChat(chat.openai, exchangeOf(req, reply), checked(req), req.body),
  );
  app.post('/v1/messages', (req, reply) =>
    serveChat(chat.claude, exchangeOf(req, reply), checked(req), req.body),
  );
  app.post('/v1beta/models/:target', (req, reply) =>
    serveChat(
      chat.gemini,
      exchangeOf(req, reply),
      checked(req),
      req.body,
      (req.params as { target: string }).target,
    ),
  );

  app.post(
    '/pg/chat/completions',
    { config: { auth: 'user' }, onRequest: loggedInFirst(ctx) },
    guard(async (req, reply) => {
      const user = req.user!;
      if (user.viaAccessToken) throw relayError(400, 'relay.playgroundSessionOnly');
      const body = validateBody<ChatRequest & { group?: string }>(PlaygroundRequestSchema, req.body);
      const row = await ctx.db
        .selectFrom('users')
        .select(['quota', 'setting', 'period', 'period_quota', 'period_requests'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const budget = budgetOf(row);
      const caller: RelayCaller = {
        user: {
          ...user,
          quota: row.quota,
          quotaWarningThreshold: ownWarningThreshold(row.setting),
          ...(budget ? { budget } : {}),
        },
        token: {
          id: 0,
          userId: user.id,
          name: `playground-${body.group || user.group}`,
          status: UserStatus.Enabled,
          expiredTime: -1,
          unlimited: true,
          remainQuota: 0,
          modelLimits: null,
          allowIps: null,
          group: body.group ?? '',
        },
      };
      const { group: _group, ...request } = body;
      if (budget) await primeBudgets(ctx.db, rt.ledger, caller, true);
      const serve = (ex: RelayExchange, who: RelayCaller) =>
        runChat(rt, { caller: who, request: request as ChatRequest, playground: true }, ex);
      return serveChat({ serve }, exchangeOf(req, reply), caller, undefined);
    }),
  );

  await modelsRoutes(app, rt, tokenCaller, guard);
  await passthroughRoutes(app, rt, tokenCaller, guard);
  await billingRoutes(app, rt, tokenCaller, guard);
  await channelOpsRoutes(app, rt);
  await taskRoutes(app, rt, guard);

  // Routes new-api registers but does not serve: an honest 501 in OpenAI's shape.
  const notImplemented = guard(async () => {
    throw relayError(501, 'relay.notImplemented', {}, 'api_not_implemented');
  });
  for (const path of [
    '/v1/images/edits',
    '/v1/images/variations',
    '/v1/files',
    '/v1/files/*',
    '/v1/fine-tunes',
    '/v1/fine-tunes/*',
  ]) {
    app.all(path, notImplemented);
  }
  app.delete('/v1/models/:model', notImplemented);
  return { listener: relayListener(chat, rt.auth, ctx.config, observer), upgrade: realtime.upgrade };
}
