import { PRICING_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { pricing } from './pricing.service.js';

/** `GET /api/pricing`: public; a session only widens the groups shown (reference §3.1). */
export async function pricingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, PRICING_ROUTES.get, { auth: 'optional' }, async ({ req }) => pricing(ctx, req.user));
}
