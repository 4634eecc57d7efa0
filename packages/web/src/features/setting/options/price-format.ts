import { formatUsd, toDecimal } from '@switchboard/sdk';
import type { PublicPrice } from './price-effect';

/**
 * Dollars with at least `min` decimals (as /pricing shows them) and as many more as the exact value needs,
 * so a change in the sixth decimal is never rounded away.
 */
export function exactUsd(usd: number, min = 4): string {
  return formatUsd(usd, Math.max(min, toDecimal(usd).scale));
}

/** The relative change from `before` to `after` as '+25%' / '-50%'; '' when there is no base to compare. */
export function percentChange(before: number, after: number): string {
  if (before === 0 || before === after) return '';
  const pct = ((after - before) / before) * 100;
  const text = Number.isInteger(pct) ? String(pct) : pct.toFixed(2).replace(/\.?0+$/, '');
  return `${pct > 0 ? '+' : ''}${text}%`;
}

/** The headline number of a price: the per-call price, else the prompt price per million tokens. */
export const headline = (price: PublicPrice): number => (price.perCall ? price.call : price.prompt);
