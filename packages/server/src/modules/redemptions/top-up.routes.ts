import { WALLET_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { redeem } from './redemptions.service.js';

/**
 * `POST /api/user/topup`: any signed-in user redeems a code (contract §3.3); `data` is the quota added.
 * It lives here rather than in the users module because it is the consuming side of redemption codes.
 */
export async function topUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, WALLET_ROUTES.topUp, { body: true }, async ({ req, body }) =>
    ok(await redeem(ctx, caller(req), body.key)),
  );
}
