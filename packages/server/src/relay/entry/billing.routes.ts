import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RelayRuntime } from '../runtime.js';
import type { RelayCaller } from '../core/caller.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** What new-api reports as the limit of an unlimited token. */
const UNLIMITED = 100_000_000;

/** Quota and used quota of the key's token (DisplayTokenStatEnabled) or of its owner, as written. */
async function figures(rt: RelayRuntime, caller: RelayCaller) {
  // Settled charges reach the database within SETTLEMENT_FLUSH_MS: write them first, as /api reads do.
  await rt.ctx.flush();
  const db = rt.ctx.db;
  if (rt.ctx.options.bool('DisplayTokenStatEnabled')) {
    const token = await db
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota', 'expired_time', 'unlimited_quota'])
      .where('id', '=', caller.token.id)
      .executeTakeFirstOrThrow();
    return {
      remain: token.remain_quota,
      used: token.used_quota,
      expires: Math.max(0, token.expired_time),
      unlimited: Number(token.unlimited_quota) === 1,
    };
  }
  const user = await db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', caller.user.id)
    .executeTakeFirstOrThrow();
  return { remain: user.quota, used: user.used_quota, expires: 0, unlimited: false };
}

/** Quota as chat clients show it: dollars when DisplayInCurrencyEnabled, else quota units. */
function amountOf(rt: RelayRuntime, quota: number): number {
  if (!rt.ctx.options.bool('DisplayInCurrencyEnabled')) return quota;
  return quota / (rt.ctx.options.number('QuotaPerUnit') || 500_000);
}

/**
 * The OpenAI billing routes ChatGPT-Next-Web-style clients read with an `sk-` key to show a balance (new-api's
 * controller/billing.go): the subscription's limit is balance + used, usage is the used amount in cents. The
 * usage route takes `start_date` and `end_date` like OpenAI's, and like new-api ignores them: the figure is
 * everything used so far.
 */
export async function billingRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  authenticate: (req: FastifyRequest) => Promise<RelayCaller>,
  guard: (handler: Handler) => Handler,
): Promise<void> {
  const subscription = guard(async (req) => {
    const f = await figures(rt, await authenticate(req));
    const amount = f.unlimited ? UNLIMITED : amountOf(rt, f.remain + f.used);
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: amount,
      hard_limit_usd: amount,
      system_hard_limit_usd: amount,
      access_until: f.expires,
    };
  });
  const usage = guard(async (req) => {
    const f = await figures(rt, await authenticate(req));
    return { object: 'list', total_usage: amountOf(rt, f.used) * 100 };
  });
  // new-api counts these against its per-IP /api limit (GlobalAPIRateLimit).
  const config = { apiRateLimit: true };
  for (const prefix of ['', '/v1']) {
    app.get(`${prefix}/dashboard/billing/subscription`, { config }, subscription);
    app.get(`${prefix}/dashboard/billing/usage`, { config }, usage);
  }
}
