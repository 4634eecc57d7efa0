import { z } from 'zod';
import { MAX_QUOTA } from '../constants/limits.js';
import { msg } from '../i18n/translate.js';
import { intField, ListParamsSchema, orDefault } from './common.js';

/** `POST /api/user/topup`: redeem a code; answers the quota added. */
export const TopUpParamsSchema = z.object({
  key: z.string(msg('wallet.redemptionCodeRequired')).trim().min(1, msg('wallet.redemptionCodeRequired')),
});
/** Redemption top-up parameters. */
export type TopUpParams = z.input<typeof TopUpParamsSchema>;

/** The smallest amount accepted: at least 1 and at least the MinTopUp option. */
function minimumAmount(minTopUp: number): number {
  return Math.max(1, Math.ceil(minTopUp));
}

function amountField(minTopUp: number) {
  const min = minimumAmount(minTopUp);
  return intField(msg('wallet.amountInteger')).pipe(
    z.number().min(min, msg('wallet.topUpAmountTooSmall')).max(MAX_QUOTA, msg('wallet.amountInteger')),
  );
}

/**
 * `POST /api/user/amount` with a given MinTopUp: the price of an online top-up. The amount is in USD
 * (or quota units when DisplayInCurrencyEnabled is off) and must be at least max(1, MinTopUp).
 */
export function amountParamsSchema(options: { minTopUp?: number } = {}) {
  return z.object({
    amount: amountField(options.minTopUp ?? 1),
    top_up_code: z.string().trim().default(''),
  });
}
/** Price query parameters with MinTopUp 1. */
export const AmountParamsSchema = amountParamsSchema();
/** Price query parameters. */
export type AmountParams = z.input<typeof AmountParamsSchema>;

/** `POST /api/user/pay` with a given MinTopUp: start an online payment ('top-up amount cannot be less than {min}'). */
export function payParamsSchema(options: { minTopUp?: number } = {}) {
  return z.object({
    amount: amountField(options.minTopUp ?? 1),
    /** `zfb` (Alipay), `wx` (WeChat Pay) or another Epay method. */
    payment_method: z
      .string(msg('wallet.paymentMethodRequired'))
      .trim()
      .min(1, msg('wallet.paymentMethodRequired')),
    top_up_code: z.string().trim().default(''),
  });
}
/** Online payment parameters with MinTopUp 1. */
export const PayParamsSchema = payParamsSchema();
/** Online payment parameters. */
export type PayParams = z.input<typeof PayParamsSchema>;

/**
 * `POST /api/user/pay` answer (not enveloped): on success `data` holds the Epay form fields to POST
 * to `url`; on error `data` is the reason.
 */
export const PayResponseSchema = z.object({
  message: z.string(),
  data: z.union([z.record(z.string(), z.union([z.string(), z.number()]).transform(String)), z.string()]),
  url: z.string().optional(),
});
/** An online payment answer. */
export type PayResponse = z.output<typeof PayResponseSchema>;

/** `POST /api/user/amount` answer (not enveloped): `data` is the money to pay, e.g. "7.30". */
export const AmountResponseSchema = z.object({
  message: z.string(),
  data: z.union([z.string(), z.number()]).transform(String),
});
/** A price answer. */
export type AmountResponse = z.output<typeof AmountResponseSchema>;

/** A row of `top_ups`: one online payment order. */
export const TopUpOrderSchema = z.object({
  id: z.number().int(),
  user_id: orDefault(z.number().int(), 0),
  amount: orDefault(z.number(), 0),
  money: orDefault(z.number(), 0),
  /** `USR<uid>NO<random><unix>`. */
  trade_no: orDefault(z.string(), ''),
  create_time: orDefault(z.number(), 0),
  /** pending or success. */
  status: orDefault(z.string(), 'pending'),
});
/** An online payment order. */
export type TopUpOrder = z.output<typeof TopUpOrderSchema>;

/** `GET /api/user/topup/self`: the caller's orders; `keyword` matches the start of the trade number. */
export const TopUpOrderListParamsSchema = ListParamsSchema.extend({
  keyword: z.string().trim().default(''),
});
/** Order history parameters. */
export type TopUpOrderListParams = z.input<typeof TopUpOrderListParamsSchema>;
