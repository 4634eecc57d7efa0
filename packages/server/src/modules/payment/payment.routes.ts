import { translate, WALLET_ROUTES as R } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { pageBody, pageRequest } from '../../http/paging.js';
import { handleEpayNotify, PayRefusal, quoteTopUp, readPayRequest, startPayment } from './epay.service.js';
import { listUserTopUps, type TopUpRow } from './top-ups.repository.js';

/** new-api's non-envelope answers: `{message: "success", data, ...}` or `{message: "error", data: <reason>}`. */
async function payAnswer(req: FastifyRequest, run: () => Promise<object> | object) {
  try {
    return { message: 'success', ...(await run()) };
  } catch (err) {
    if (!(err instanceof PayRefusal)) throw err;
    return { message: 'error', data: translate(err.key, requestLang(req), err.params) };
  }
}

/**
 * Epay's parameters, from the raw query string (new-api) or a form body (Epay sites that POST); the first value
 * of a name wins, as Go's `Query().Get` does. Read raw: `/api`'s query tolerance drops parameters such as a
 * non-numeric `type`, which the signature covers.
 */
function notifyParams(req: FastifyRequest): Record<string, string> {
  const params: Record<string, string> = {};
  const query = new URLSearchParams(req.raw.url?.split('?')[1] ?? '');
  const body = req.body && typeof req.body === 'object' ? Object.entries(req.body as object) : [];
  for (const [name, value] of [...query, ...body]) {
    if (typeof value === 'string' && !(name in params)) params[name] = value;
  }
  return params;
}

export function toTopUpDto(row: TopUpRow) {
  return {
    id: row.id,
    user_id: row.user_id,
    amount: row.amount,
    money: row.money,
    trade_no: row.trade_no,
    create_time: row.create_time,
    status: row.status,
  };
}

/**
 * Online top-up through Epay (contract §3.3, spec §7 Wallet): the price, the signed payment form, Epay's
 * notification, and — a later new-api route — the caller's own orders.
 */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // readPayRequest reads the body inside payAnswer: a bad amount is a pay-shaped refusal, not a 400.
  apiRoute(app, R.amount, ({ req }) =>
    payAnswer(req, () => ({ data: quoteTopUp(ctx, caller(req), readPayRequest(req.body)) })),
  );

  apiRoute(app, R.pay, ({ req }) =>
    payAnswer(req, async () => {
      const { url, params } = await startPayment(ctx, caller(req), readPayRequest(req.body));
      return { data: params, url };
    }),
  );

  // new-api's later `GET /api/user/topup/self`: one page of the caller's orders, newest first.
  apiRoute(app, R.orders, async ({ req }) => {
    const page = pageRequest(req.query);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    const { rows, total } = await listUserTopUps(ctx.db, caller(req).id, keyword, {
      offset: page.offset,
      limit: page.pageSize,
    });
    return ok(pageBody(page, rows.map(toTopUpDto), total));
  });

  const notify = async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await handleEpayNotify(ctx, notifyParams(req));
    if (result.answer === 'fail') req.log.warn({ reason: result.reason }, 'epay notification refused');
    else req.log.info({ reason: result.reason, credited: result.credited }, 'epay notification');
    return reply.type('text/plain; charset=utf-8').send(result.answer);
  };
  // Called by the payment provider, not by clients: no SDK descriptor (the OpenAPI document lists it from
  // openapi/provider-callbacks.ts).
  await app.register(async (scope) => {
    // Only this route reads form bodies: some Epay sites POST the notification instead of new-api's GET.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.get('/api/user/epay/notify', notify);
    scope.post('/api/user/epay/notify', notify);
  });
}
