import type { AppContext } from '../../context.js';

/** The quota one currency unit buys; new-api's default when the option is unset or zero. */
export function quotaPerUnit(ctx: AppContext): number {
  return ctx.options.number('QuotaPerUnit') || 500_000;
}

/** True when amounts are entered in currency units; otherwise they are quota units. */
export function inCurrency(ctx: AppContext): boolean {
  return ctx.options.bool('DisplayInCurrencyEnabled');
}

/** new-api's `getMinTopup`: MinTopUp, in quota units when the site does not display currency. */
export function minTopUp(ctx: AppContext): number {
  const min = Math.trunc(ctx.options.number('MinTopUp'));
  return inCurrency(ctx) ? min : min * Math.trunc(quotaPerUnit(ctx));
}

/** `TopupGroupRatio[group]`; a missing or zero ratio counts as 1, as in new-api. */
export function topUpGroupRatio(ctx: AppContext, group: string): number {
  const ratios = ctx.options.json<Record<string, unknown>>('TopupGroupRatio', {});
  const ratio = Number(ratios[group]);
  return Number.isFinite(ratio) && ratio !== 0 ? ratio : 1;
}

/** The currency units an `amount` (as the user entered it) credits. */
export function currencyUnits(ctx: AppContext, amount: number): number {
  return inCurrency(ctx) ? amount : amount / quotaPerUnit(ctx);
}

/** new-api's `getPayMoney`: amount × Price × TopupGroupRatio[group], in the payment currency. */
export function payMoney(ctx: AppContext, amount: number, group: string): number {
  return currencyUnits(ctx, amount) * ctx.options.number('Price') * topUpGroupRatio(ctx, group);
}

/** Money with two decimals, as Go's `strconv.FormatFloat(m, 'f', 2, 64)` writes it for Epay and the console. */
export function formatMoney(money: number): string {
  return money.toFixed(2);
}
