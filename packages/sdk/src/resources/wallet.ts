import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  AmountParamsSchema,
  AmountResponseSchema,
  PayParamsSchema,
  PayResponseSchema,
  TopUpOrderListParamsSchema,
  TopUpOrderSchema,
  TopUpParamsSchema,
  type AmountParams,
  type PayParams,
  type TopUpOrder,
  type TopUpOrderListParams,
  type TopUpParams,
} from '../schemas/wallet.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** The quota a redeemed code added. */
const QuotaAddedSchema = z.number();

/** Routes of `client.wallet`. */
export const WALLET_ROUTES = defineRoutes({
  topUp: {
    method: 'POST',
    path: '/api/user/topup',
    summary: 'Redeem a code; returns the quota added',
    auth: 'user',
    body: TopUpParamsSchema,
    response: QuotaAddedSchema,
  },
  pay: {
    method: 'POST',
    path: '/api/user/pay',
    summary: 'Start an online payment; returns the Epay form',
    auth: 'user',
    envelope: 'pay',
    body: PayParamsSchema,
    response: PayResponseSchema,
  },
  amount: {
    method: 'POST',
    path: '/api/user/amount',
    summary: 'Price of an online top-up',
    auth: 'user',
    envelope: 'pay',
    body: AmountParamsSchema,
    response: AmountResponseSchema,
  },
  orders: {
    method: 'GET',
    path: '/api/user/topup/self',
    summary: "The caller's online top-up orders, newest first",
    auth: 'user',
    paged: LIST_PAGING.topUps,
    params: TopUpOrderListParamsSchema,
    response: TopUpOrderSchema,
  },
});

const R = WALLET_ROUTES;

/** An online payment to submit: POST `fields` as a form to `url` (the browser then leaves for the payment page). */
export interface PaymentForm {
  /** The Epay submit URL. */
  url: string;
  /** Form fields to post, all strings. */
  fields: Record<string, string>;
}

/** The caller's balance: redemption codes and online payment. */
export class WalletResource extends ApiResource {
  /** Redeems a code; resolves to the quota added. Invalid or used codes raise `BusinessError`. */
  async topUp(params: TopUpParams, options?: RequestOptions): Promise<number> {
    return this.fetch(R.topUp, QuotaAddedSchema, { body: this.check(TopUpParamsSchema, params), options });
  }

  /**
   * Starts an online payment of `amount` (USD, or quota units when the site does not display currency)
   * with `payment_method` (`zfb`, `wx`, …). A refusal (`message: 'error'`) raises `BusinessError`.
   */
  async pay(params: PayParams, options?: RequestOptions): Promise<PaymentForm> {
    const body = this.check(PayParamsSchema, params);
    const answer = this.parse(PayResponseSchema, await this.http.call(R.pay, { body, options }));
    const fields = typeof answer?.data === 'object' && answer.data !== null ? answer.data : {};
    return { url: answer?.url ?? '', fields };
  }

  /** Resolves to the money to pay for `amount`, as the server formats it (e.g. "7.30"). */
  async amount(params: AmountParams, options?: RequestOptions): Promise<string> {
    const body = this.check(AmountParamsSchema, params);
    const answer = this.parse(AmountResponseSchema, await this.http.call(R.amount, { body, options }));
    return String(answer?.data ?? '');
  }

  /** The caller's online top-up orders (pending or success), newest first; `keyword` matches a trade number prefix. */
  orders(params?: TopUpOrderListParams, options?: RequestOptions): PagePromise<TopUpOrder> {
    return this.paginate(R.orders, TopUpOrderSchema, TopUpOrderListParamsSchema, params, options);
  }
}
