import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { pricing } from './pricing.service.js';

/** `GET /api/pricing`: public; a session only widens the groups shown (reference §3.1). */
export async function pricingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/pricing', { config: { auth: 'optional' } }, async (req) => pricing(ctx, req.user));
}
