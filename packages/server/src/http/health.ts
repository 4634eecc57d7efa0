import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * For load balancers and orchestrators: `/healthz` answers while the process serves at all; `/readyz` turns 503
 * the moment the node starts draining for a shutdown (SIGTERM), so traffic moves away before it stops accepting.
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', async () => ({ status: 'ok', node: ctx.node }));
  app.get('/readyz', async (_req, reply) => {
    if (ctx.draining) return reply.status(503).send({ status: 'draining', node: ctx.node });
    return { status: 'ready', node: ctx.node };
  });
}
