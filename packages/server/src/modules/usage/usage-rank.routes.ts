import { UsageRankParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { rankChannels, rankUsers } from './usage-rank.service.js';

const admin = { config: { auth: 'admin' as const } };

/**
 * `/api/data/users` and `/api/data/channels`: the admin dashboard's usage by user and by channel. Switchboard
 * additions (new-api 0.4.8 has neither); bare arrays like the rest of `/api/data`.
 */
export async function usageRankRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/data/users', admin, async (req) =>
    ok(await rankUsers(ctx, parse(UsageRankParamsSchema, req.query))),
  );
  app.get('/api/data/channels', admin, async (req) =>
    ok(await rankChannels(ctx, parse(UsageRankParamsSchema, req.query))),
  );
}
