import { UserStatus } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { ChannelHealth } from './channel-health.js';
import { ChannelIndex } from './channel-index.js';
import { channelOpsRoutes } from './channel-ops.routes.js';
import { runChat } from './chat-pipeline.js';
import { Ledger } from './ledger.js';
import { ModelRateLimit } from './model-rate-limit.js';
import { claudeClientFormat } from './providers/anthropic/index.js';
import { geminiClientFormat } from './providers/gemini/index.js';
import type { ChatRequest, ClientFormat, NativeRequest } from './providers/types.js';
import { relayError } from './relay-error.js';
import { ChatRequestSchema } from './chat-request-schema.js';
import { validateBody } from './request-fields.js';
import { sendRelayError } from './relay-errors.js';
import type { RelayRuntime } from './runtime.js';
import { TokenAuth, type RelayCaller } from './token-auth.js';
import { createUpstreamAgent } from './upstream.js';
import { modelsRoutes } from './models.routes.js';
import { passthroughRoutes } from './passthrough.routes.js';
import { ownWarningThreshold } from '../notify/quota-warning.js';

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

/** An OpenAI chat body, checked field by field (a bad one is a 400 naming it). */
const chatBody = (body: unknown): ChatRequest => validateBody<ChatRequest>(ChatRequestSchema, body);
/** The playground's chat body also names the group to bill. */
const PlaygroundRequestSchema = ChatRequestSchema.extend({ group: z.string().nullish() });

/** The client's own body for same-format pass-through; only a JSON object can be forwarded. */
const nativeRequest = (
  body: unknown,
  headers: Record<string, string>,
  stream: boolean,
): { native?: NativeRequest } =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? { native: { body: body as Record<string, unknown>, headers, stream } }
    : {};

/** The key a client sent, wherever its SDK puts it. */
export function keyOf(req: FastifyRequest): string | undefined {
  const h = req.headers;
  const query = req.query as Record<string, string | undefined>;
  return h.authorization ?? (h['x-api-key'] as string) ?? (h['x-goog-api-key'] as string) ?? query?.key;
}

/** The relay: `/v1` (OpenAI and Claude formats), `/v1beta` (Gemini format) and the playground. */
export async function relayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const streamIdleS = Number(process.env.STREAMING_TIMEOUT ?? 60) || 60;
  const rt: RelayRuntime = {
    ctx,
    auth: new TokenAuth(ctx),
    channels: new ChannelIndex(ctx),
    health: new ChannelHealth(ctx),
    ledger: new Ledger(ctx),
    limits: new ModelRateLimit(ctx.options),
    agent: createUpstreamAgent(streamIdleS * 1000),
  };
  rt.auth.attach(rt.ledger);
  if (ctx.config.ledgerJournalDir) await rt.ledger.openJournal(ctx.config.ledgerJournalDir);
  app.addHook('onClose', async () => {
    await rt.ledger.close();
    await rt.agent.close();
  });
  // Management writes may change a token, a user or a balance: drop the relay's cached rows.
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.url.startsWith('/api/') && reply.statusCode < 400) {
      ctx.events.emit('tokens', []);
    }
  });

  const tokenCaller = (req: FastifyRequest) => rt.auth.authenticate(keyOf(req), req.ip);

  app.post(
    '/v1/chat/completions',
    guard(async (req, reply) =>
      runChat(rt, { caller: await tokenCaller(req), request: chatBody(req.body) }, reply),
    ),
  );

  app.post(
    '/v1/messages',
    guard(async (req, reply) => {
      const caller = await tokenCaller(req);
      const request = claudeClientFormat.toUnified(req.body);
      const beta = req.headers['anthropic-beta'];
      const headers: Record<string, string> = beta ? { 'anthropic-beta': String(beta) } : {};
      const native = nativeRequest(req.body, headers, !!request.stream);
      return runChat(rt, { caller, request, format: claudeClientFormat, ...native }, reply);
    }, claudeClientFormat),
  );

  app.post(
    '/v1beta/models/:target',
    guard(async (req, reply) => {
      const caller = await tokenCaller(req);
      const [model = '', action = ''] = (req.params as { target: string }).target.split(':');
      if (action !== 'generateContent' && action !== 'streamGenerateContent') {
        throw relayError(501, 'relay.notImplemented', {}, 'api_not_implemented');
      }
      const request = geminiClientFormat.toUnified(req.body, model);
      request.stream = action === 'streamGenerateContent';
      const native = nativeRequest(req.body, {}, request.stream);
      return runChat(rt, { caller, request, format: geminiClientFormat, ...native }, reply);
    }, geminiClientFormat),
  );

  app.post(
    '/pg/chat/completions',
    { config: { auth: 'user' } },
    guard(async (req, reply) => {
      const user = req.user!;
      if (user.viaAccessToken) throw relayError(400, 'relay.playgroundSessionOnly');
      const body = validateBody<ChatRequest & { group?: string }>(PlaygroundRequestSchema, req.body);
      const row = await ctx.db
        .selectFrom('users')
        .select(['quota', 'setting'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const caller: RelayCaller = {
        user: { ...user, quota: row.quota, quotaWarningThreshold: ownWarningThreshold(row.setting) },
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
      return runChat(rt, { caller, request: request as ChatRequest, playground: true }, reply);
    }),
  );

  await modelsRoutes(app, rt, tokenCaller, guard);
  await passthroughRoutes(app, rt, tokenCaller, guard);
  await channelOpsRoutes(app, rt);

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
}
