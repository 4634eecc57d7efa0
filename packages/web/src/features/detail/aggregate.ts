import type { QuotaData } from '@switchboard/sdk';

export type Granularity = 'hour' | 'day' | 'week';

const SECONDS: Record<Granularity, number> = { hour: 3600, day: 86_400, week: 7 * 86_400 };

export interface UsageSeries {
  buckets: number[];
  models: string[];
  /** quota[model][bucket index] */
  quota: Record<string, number[]>;
  countByModel: Record<string, number>;
  totals: { quota: number; count: number; tokens: number };
}

/** Groups usage rows into time buckets per model, for the dashboard's charts. */
export function aggregateUsage(rows: readonly QuotaData[], granularity: Granularity): UsageSeries {
  const size = SECONDS[granularity];
  // Local-time buckets: a day starts at local midnight, as the user reads the chart.
  const offset = new Date().getTimezoneOffset() * 60;
  const bucketOf = (t: number) => Math.floor((t - offset) / size) * size + offset;
  const buckets = [...new Set(rows.map((r) => bucketOf(r.created_at)))].sort((a, b) => a - b);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const models = [...new Set(rows.map((r) => r.model_name))].sort();
  const quota: Record<string, number[]> = Object.fromEntries(models.map((m) => [m, buckets.map(() => 0)]));
  const countByModel: Record<string, number> = Object.fromEntries(models.map((m) => [m, 0]));
  const totals = { quota: 0, count: 0, tokens: 0 };
  for (const r of rows) {
    quota[r.model_name]![index.get(bucketOf(r.created_at))!]! += r.quota;
    countByModel[r.model_name]! += r.count;
    totals.quota += r.quota;
    totals.count += r.count;
    totals.tokens += r.token_used;
  }
  return { buckets, models, quota, countByModel, totals };
}
