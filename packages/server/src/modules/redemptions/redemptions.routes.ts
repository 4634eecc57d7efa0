import {
  BoolFlagSchema,
  REDEMPTION_ROUTES,
  RedemptionStatusUpdateParamsSchema,
  RedemptionUpdateParamsSchema,
} from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { parse } from '../../http/validate.js';
import { listRedemptions } from './redemptions.repository.js';
import {
  createRedemptions,
  deleteRedemption,
  getRedemption,
  toRedemptionDto,
  updateRedemption,
  updateRedemptionStatus,
} from './redemptions.service.js';
import { topUpRoutes } from './top-up.routes.js';

const R = REDEMPTION_ROUTES;

/** `/api/redemption` (admin, contract §3.8) plus the user's `POST /api/user/topup`. */
export async function redemptionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const list = async (query: unknown, keyword: string) => {
    const page = pageRequest(query);
    const { rows, total } = await listRedemptions(ctx.db, keyword, {
      offset: page.offset,
      limit: page.pageSize,
    });
    return ok(pageBody(page, rows.map(toRedemptionDto), total));
  };

  apiRoute(app, R.list, async ({ req }) => list(req.query, ''));

  apiRoute(app, R.search, async ({ req }) =>
    list(req.query, String((req.query as { keyword?: string }).keyword ?? '').trim()),
  );

  apiRoute(app, R.get, async ({ id }) => ok(toRedemptionDto(await getRedemption(ctx, id))));

  apiRoute(app, R.create, { body: true }, async ({ req, body }) =>
    ok(await createRedemptions(ctx, caller(req), body)),
  );

  // redemptions.update, and redemptions.updateStatus with `?status_only=true`.
  apiRoute(app, R.update, async ({ req }) => {
    const flag = (req.query as { status_only?: string }).status_only;
    if (flag && parse(BoolFlagSchema, flag)) {
      const { id, status } = parse(RedemptionStatusUpdateParamsSchema, req.body);
      return ok(await updateRedemptionStatus(ctx, caller(req), id, status));
    }
    return ok(await updateRedemption(ctx, caller(req), parse(RedemptionUpdateParamsSchema, req.body)));
  });

  apiRoute(app, R.delete, async ({ req, id }) => {
    await deleteRedemption(ctx, caller(req), id);
    return ok();
  });

  await topUpRoutes(app, ctx);
}
