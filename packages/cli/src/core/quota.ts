import type { Context } from './context.js';
import { usageError } from './errors.js';

/** Parses a quota: plain units (`500000`) or currency (`$5`, `5$`, `5usd`) converted with the server's QuotaPerUnit. */
export async function parseQuota(text: string, ctx: Context): Promise<number> {
  const t = text.trim();
  const money = /^\$\s*(\d+(?:\.\d+)?)$|^(\d+(?:\.\d+)?)\s*(?:\$|usd)$/i.exec(t);
  if (money) {
    const amount = Number(money[1] ?? money[2]);
    const display = await ctx.quotaDisplay();
    return Math.round(amount * (display?.quotaPerUnit ?? 500_000));
  }
  if (/^\d+$/.test(t)) return Number(t);
  throw usageError(`Invalid quota "${text}": use units (500000) or currency ('$5')`);
}
