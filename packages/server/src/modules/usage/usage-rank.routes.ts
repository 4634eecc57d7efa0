import { USAGE_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { ok } from '../../http/envelope.js';
import { rankChannels, rankUsers } from './usage-rank.service.js';

/**
 * `/api/data/users` and `/api/data/channels`: the admin dashboard's usage by user and by channel. Switchboard
 * additions (new-api 0.4.8 has neither); bare arrays like the rest of `/api/data`.
 */
export async function usageRankRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, USAGE_ROUTES.byUser, { query: true }, async ({ query }) => ok(await rankUsers(ctx, query)));
  apiRoute(app, USAGE_ROUTES.byChannel, { query: true }, async ({ query }) =>
    ok(await rankChannels(ctx, query)),
  );
}
