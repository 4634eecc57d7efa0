import type { RelayBudget } from '../core/caller.js';

/** The budget of a token or user row; undefined when it has none. */
export function budgetOf(row: {
  period: string;
  period_quota: number | string;
  period_requests: number | string;
}): RelayBudget | undefined {
  const quota = Math.max(0, Number(row.period_quota) || 0);
  const requests = Math.max(0, Number(row.period_requests) || 0);
  if (!row.period || (!quota && !requests)) return undefined;
  if (row.period !== 'day' && row.period !== 'week' && row.period !== 'month' && row.period !== 'rolling_day')
    return undefined;
  return { period: row.period, quota, requests };
}
