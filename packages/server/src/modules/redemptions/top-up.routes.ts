import { TopUpParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { redeem } from './redemptions.service.js';

/**
 * `POST /api/user/topup`: any signed-in user redeems a code (contract §3.3); `data` is the quota added.
 * It lives here rather than in the users module because it is the consuming side of redemption codes.
 */
export async function topUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/user/topup', { config: { auth: 'user' } }, async (req) => {
    const { key } = parse(TopUpParamsSchema, req.body);
    return ok(await redeem(ctx, caller(req), key));
  });
}
