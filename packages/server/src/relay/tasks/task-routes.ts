import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRelayError } from '../entry/send-error.js';
import { closesUnreadBody } from '../core/exchange.js';
import type { RelayRuntime } from '../runtime.js';
import { mjPrefixes, mjRoutes } from './mj-routes.js';
import { serveMjImage } from './mj-image.js';
import { sunoRoutes } from './suno-routes.js';
import { TaskPoller } from './task-poller.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** One poll of every unfinished task now, whichever node holds the job (tests and operators' tools). */
    pollTasks(): Promise<void>;
  }
}

/**
 * The key of a task request, as new-api's TokenAuth reads it: `Authorization` (with or without `Bearer`), or,
 * when that is empty or the placeholder `midjourney-proxy`, the drawing proxy's own `mj-api-secret` header.
 */
export function taskKeyOf(req: FastifyRequest): string | undefined {
  const auth = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (auth !== '' && auth !== 'midjourney-proxy') return auth;
  const secret = req.headers['mj-api-secret'];
  return Array.isArray(secret) ? secret[0] : secret;
}

/**
 * new-api's task relays: the drawing proxy (`/mj/*`, and under the `/mj-fast`, `/mj-turbo` and `/mj-relax`
 * prefixes) and Suno (`/suno/*`), with the periodic poll of unfinished tasks (UPDATE_TASK, on one node at a
 * time through its job lease). Bodies are read as text and parsed by the routes, so a malformed one gets the
 * route's own error answer; the key is checked before the body is read.
 */
export async function taskRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  guard: (handler: Handler) => Handler,
): Promise<TaskPoller> {
  for (const prefix of mjPrefixes())
    app.get(
      `${prefix}/image/:id`,
      guard((req, reply) => serveMjImage(rt, (req.params as { id: string }).id, reply)),
    );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: rt.ctx.config.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (req, reply) => {
      try {
        const who = rt.auth.authenticate(taskKeyOf(req), req.ip);
        req.relayCaller = who instanceof Promise ? await who : who;
      } catch (err) {
        if (closesUnreadBody(req.headers)) reply.header('connection', 'close');
        return sendRelayError(req, reply, err);
      }
    });
    for (const prefix of mjPrefixes()) mjRoutes(scope, rt, prefix, guard);
    sunoRoutes(scope, rt, guard);
  });

  const poller = new TaskPoller(rt);
  rt.ctx.jobs.every('task-poll', rt.ctx.config.taskPollMs ?? 0, () => poller.runOnce());
  app.decorate('pollTasks', () => poller.runOnce());
  return poller;
}
