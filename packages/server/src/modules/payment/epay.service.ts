import { LogRows } from '../logs/log-rows.js';
import { randomInt } from 'node:crypto';
import { LogType, translate, type MessageKey, type MessageParams } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { logQuota } from '../redemptions/redemptions.service.js';
import { signedEpayParams, verifyEpaySign } from './epay-sign.js';
import { findTopUpByTradeNo, insertTopUp, markTopUpPaid, TopUpStatus } from './top-ups.repository.js';
import { currencyUnits, formatMoney, inCurrency, minTopUp, payMoney, quotaPerUnit } from './top-up-price.js';

/** A refusal of `/api/user/pay` or `/api/user/amount`: new-api answers `{message: "error", data: <reason>}`. */
export class PayRefusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

/**
 * The body both routes take (new-api binds it into ints and strings; anything else is "参数错误").
 * `top_up_code` must be a string if sent but, as in new-api 0.4.8, changes nothing.
 */
export interface PayRequest {
  amount: number;
  paymentMethod: string;
}

export function readPayRequest(body: unknown): PayRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || Array.isArray(b)) throw new PayRefusal('wallet.paramsInvalid');
  const amount = b.amount ?? 0;
  const method = b.payment_method ?? '';
  const code = b.top_up_code ?? '';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount))
    throw new PayRefusal('wallet.paramsInvalid');
  if (typeof method !== 'string' || typeof code !== 'string') throw new PayRefusal('wallet.paramsInvalid');
  return { amount, paymentMethod: method };
}

/** Epay merchant settings; undefined unless PayAddress, EpayId and EpayKey are all set (as `/api/status` says). */
export function epayConfig(ctx: AppContext): { submitUrl: string; pid: string; key: string } | undefined {
  const address = ctx.options.get('PayAddress').trim();
  const pid = ctx.options.get('EpayId').trim();
  const key = ctx.options.get('EpayKey');
  if (!address || !pid || !key) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  // go-epay joins the path: `https://pay.example.com/epay/` submits to `/epay/submit.php`.
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/submit.php`;
  return { submitUrl: url.toString(), pid, key };
}

/** `ServerAddress` without its trailing slash; new-api's in-memory default when unset. */
function serverAddress(ctx: AppContext): string {
  return (
    ctx.options.get('ServerAddress').trim().replace(/\/+$/, '') ||
    `http://localhost:${ctx.config.port || 3000}`
  );
}

/** Where Epay sends notifications: `CustomCallbackAddress` when set, else `ServerAddress`. */
function callbackAddress(ctx: AppContext): string {
  return ctx.options.get('CustomCallbackAddress').trim().replace(/\/+$/, '') || serverAddress(ctx);
}

/**
 * The checks both routes share (new-api's order): the minimum, then — our deviation — a whole number of
 * currency units when amounts are quota, since new-api's integer division credited less than was paid.
 */
function checkAmount(ctx: AppContext, amount: number): void {
  const min = minTopUp(ctx);
  if (amount < min) throw new PayRefusal('wallet.topUpAmountTooSmall', { min });
  const perUnit = quotaPerUnit(ctx);
  if (!inCurrency(ctx) && amount % perUnit !== 0) {
    throw new PayRefusal('wallet.amountWholeUnits', { unit: perUnit });
  }
  // The credit (amount × QuotaPerUnit) must stay an exact integer in JavaScript and in a bigint column.
  if (currencyUnits(ctx, amount) * perUnit > Number.MAX_SAFE_INTEGER)
    throw new PayRefusal('wallet.paramsInvalid');
}

/** `POST /api/user/amount`: the money to pay, two decimals. */
export function quoteTopUp(ctx: AppContext, user: AuthUser, req: PayRequest): string {
  checkAmount(ctx, req.amount);
  const money = payMoney(ctx, req.amount, user.group);
  if (!(money > 0.01)) throw new PayRefusal('wallet.payMoneyTooLow');
  return formatMoney(money);
}

const TRADE_NO_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** new-api's trade number: `USR<uid>NO<6 random letters or digits><unix seconds>`. */
function tradeNo(userId: number, now: number): string {
  let random = '';
  for (let i = 0; i < 6; i++) random += TRADE_NO_CHARS[randomInt(TRADE_NO_CHARS.length)];
  return `USR${userId}NO${random}${now}`;
}

/** zfb is Alipay; everything else is WeChat Pay, as in new-api 0.4.8. */
function epayType(method: string): string {
  return method === 'zfb' ? 'alipay' : 'wxpay';
}

/**
 * `POST /api/user/pay`: records a pending order and answers the signed form the browser posts to Epay's
 * `submit.php`.
 */
export async function startPayment(
  ctx: AppContext,
  user: AuthUser,
  req: PayRequest,
): Promise<{ url: string; params: Record<string, string> }> {
  checkAmount(ctx, req.amount);
  const money = payMoney(ctx, req.amount, user.group);
  if (!(money >= 0.01)) throw new PayRefusal('wallet.payMoneyTooLow');
  const config = epayConfig(ctx);
  if (!config) throw new PayRefusal('wallet.paymentNotConfigured');
  const now = ctx.now();
  const trade = tradeNo(user.id, now);
  const params = signedEpayParams(
    {
      pid: config.pid,
      type: epayType(req.paymentMethod),
      out_trade_no: trade,
      notify_url: `${callbackAddress(ctx)}/api/user/epay/notify`,
      return_url: `${serverAddress(ctx)}/log`,
      name: `TUC${req.amount}`,
      money: formatMoney(money),
      device: 'pc',
    },
    config.key,
  );
  try {
    await insertTopUp(ctx.db, {
      user_id: user.id,
      amount: currencyUnits(ctx, req.amount),
      money,
      trade_no: trade,
      create_time: now,
      status: TopUpStatus.Pending,
    });
  } catch {
    throw new PayRefusal('wallet.orderCreateFailed');
  }
  return { url: config.submitUrl, params };
}

/** What a notification did: the answer Epay gets, and why (for the server log). */
export interface NotifyOutcome {
  answer: 'success' | 'fail';
  reason: string;
  /** The quota credited by this notification; 0 when it credited nothing. */
  credited: number;
}

const outcome = (answer: NotifyOutcome['answer'], reason: string, credited = 0): NotifyOutcome => ({
  answer,
  reason,
  credited,
});

/** Cents, so '7.3', '7.30' and 7.300000000001 compare equal and '7.31' does not. */
const cents = (money: number) => Math.round(money * 100);

/**
 * `/api/user/epay/notify`. Unlike new-api 0.4.8, the signed notification must also name our merchant id and
 * the order's exact money, and `success` is answered only once the order is credited (new-api answered it
 * before, so a failed credit was never retried). The pending→success update, the credit and the log are one
 * transaction whose conditional update lets exactly one notification win, across processes and nodes.
 */
export async function handleEpayNotify(
  ctx: AppContext,
  params: Record<string, string>,
): Promise<NotifyOutcome> {
  const config = epayConfig(ctx);
  if (!config) return outcome('fail', 'online payment is not configured');
  if (!verifyEpaySign(params, config.key)) return outcome('fail', 'bad signature');
  if (params.pid !== config.pid) return outcome('fail', `merchant id ${params.pid ?? ''} is not ours`);
  // A signed notice of another state (unpaid, closed): acknowledged so Epay stops, nothing to do.
  if (params.trade_status !== 'TRADE_SUCCESS')
    return outcome('success', `trade status ${params.trade_status}`);
  const order = await findTopUpByTradeNo(ctx.db, params.out_trade_no ?? '');
  if (!order) return outcome('fail', `unknown order ${params.out_trade_no ?? ''}`);
  const paid = Number(params.money);
  if (!Number.isFinite(paid) || cents(paid) !== cents(order.money)) {
    return outcome(
      'fail',
      `order ${order.trade_no} costs ${formatMoney(order.money)}, notice says ${params.money}`,
    );
  }
  if (order.status !== TopUpStatus.Pending)
    return outcome('success', `order ${order.trade_no} already credited`);
  const quota = order.amount * quotaPerUnit(ctx);
  const logs = new LogRows(ctx);
  const won = await ctx.db.transaction().execute(async (trx) => {
    if ((await markTopUpPaid(trx, order.id)) !== 1) return false;
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', quota) }))
      .where('id', '=', order.user_id)
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('username')
      .where('id', '=', order.user_id)
      .executeTakeFirst();
    await logs.add(trx, {
      user_id: order.user_id,
      username: user?.username ?? '',
      created_at: ctx.now(),
      type: LogType.TopUp,
      // Logs are stored once, in new-api's (Chinese) wording; money as Go's %f writes it.
      content: translate('wallet.onlineTopUpLog', 'zh', {
        quota: logQuota(ctx, quota),
        money: order.money.toFixed(6),
      }),
    });
    return true;
  });
  await logs.written();
  if (!won) return outcome('success', `order ${order.trade_no} credited by a concurrent notice`);
  // The relay caches balances per key: drop them so the new quota is usable at once.
  ctx.events.emit('users', [order.user_id]);
  return outcome('success', `order ${order.trade_no} credited`, quota);
}
