import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { statusRoutes } from './status/status.routes.js';
import { authRoutes } from './users/auth.routes.js';

/** Every route group; each module registers its own routes. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await statusRoutes(app, ctx);
  await authRoutes(app, ctx);
}
