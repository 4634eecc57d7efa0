import {
  BoolFlagSchema,
  IdSchema,
  RedemptionCreateParamsSchema,
  RedemptionStatusUpdateParamsSchema,
  RedemptionUpdateParamsSchema,
} from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { parse } from '../../http/validate.js';
import { listRedemptions, softDeleteRedemption } from './redemptions.repository.js';
import {
  createRedemptions,
  getRedemption,
  toRedemptionDto,
  updateRedemption,
  updateRedemptionStatus,
} from './redemptions.service.js';
import { topUpRoutes } from './top-up.routes.js';

const admin = { config: { auth: 'admin' as const } };

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

  app.get('/api/redemption/', admin, async (req) => list(req.query, ''));

  app.get<{ Querystring: { keyword?: string } }>('/api/redemption/search', admin, async (req) =>
    list(req.query, String(req.query.keyword ?? '').trim()),
  );

  app.get<{ Params: { id: string } }>('/api/redemption/:id', admin, async (req) =>
    ok(toRedemptionDto(await getRedemption(ctx, parse(IdSchema, req.params.id)))),
  );

  app.post('/api/redemption/', admin, async (req) =>
    ok(await createRedemptions(ctx, caller(req), parse(RedemptionCreateParamsSchema, req.body))),
  );

  app.put<{ Querystring: { status_only?: string } }>('/api/redemption/', admin, async (req) => {
    const flag = req.query.status_only;
    if (flag && parse(BoolFlagSchema, flag)) {
      const { id, status } = parse(RedemptionStatusUpdateParamsSchema, req.body);
      return ok(await updateRedemptionStatus(ctx, id, status));
    }
    return ok(await updateRedemption(ctx, parse(RedemptionUpdateParamsSchema, req.body)));
  });

  app.delete<{ Params: { id: string } }>('/api/redemption/:id', admin, async (req) => {
    const deleted = await softDeleteRedemption(ctx.db, parse(IdSchema, req.params.id), ctx.now());
    if (deleted === 0) throw notFound('redemption.notFound');
    return ok();
  });

  await topUpRoutes(app, ctx);
}
