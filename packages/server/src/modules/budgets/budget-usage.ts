import type { AppContext } from '../../context.js';
import { PeriodCalendar, rollingKeys, ROLLING_HOURS } from '../../relay/billing/periods.js';

/** A budget's fields as the API answers them on a token or user. */
export interface BudgetDto {
  period: string;
  period_quota: number;
  period_requests: number;
  period_used_quota: number;
  period_used_requests: number;
  period_reset_time: number;
}

interface BudgetRow {
  id: number;
  period: string;
  period_quota: number | string;
  period_requests: number | string;
}

const calendars = new Map<string, PeriodCalendar>();
function calendarOf(ctx: AppContext): PeriodCalendar {
  const zone = ctx.config.budgetTimeZone ?? 'UTC';
  let c = calendars.get(zone);
  if (!c) calendars.set(zone, (c = new PeriodCalendar(zone)));
  return c;
}

/** The period keys the current period of `period` is filed under, and when it resets; undefined for none. */
export function currentPeriod(
  ctx: AppContext,
  period: string,
): { keys: string[]; resetAt: number } | undefined {
  const now = ctx.now();
  if (period === 'rolling_day') return { keys: rollingKeys(now), resetAt: 0 };
  if (period !== 'day' && period !== 'week' && period !== 'month') return undefined;
  const span = calendarOf(ctx).span(period, now);
  return { keys: [span.key], resetAt: span.end };
}

/**
 * The budget fields of users' (`u`) or tokens' (`t`) rows, with what their current period has spent (read after
 * the relay's settlements are flushed, as every /api read is). A rolling day resets as its oldest spending hour
 * leaves it.
 */
export async function budgetsOf(
  ctx: AppContext,
  kind: 'u' | 't',
  rows: readonly BudgetRow[],
): Promise<Map<number, BudgetDto>> {
  const out = new Map<number, BudgetDto>();
  const wanted: { row: BudgetRow; keys: string[]; resetAt: number }[] = [];
  for (const row of rows) {
    const dto: BudgetDto = {
      period: row.period,
      period_quota: Number(row.period_quota),
      period_requests: Number(row.period_requests),
      period_used_quota: 0,
      period_used_requests: 0,
      period_reset_time: 0,
    };
    out.set(row.id, dto);
    const current = currentPeriod(ctx, row.period);
    if (current) {
      dto.period_reset_time = current.resetAt;
      wanted.push({ row, ...current });
    }
  }
  if (!wanted.length) return out;
  const keys = [...new Set(wanted.flatMap((w) => w.keys))];
  const usage = await ctx.db
    .selectFrom('budget_usage')
    .select(['owner_id', 'period_key', 'used_quota', 'used_requests'])
    .where('kind', '=', kind)
    .where(
      'owner_id',
      'in',
      wanted.map((w) => w.row.id),
    )
    .where('period_key', 'in', keys)
    .execute();
  const byOwner = new Map<number, Map<string, { q: number; n: number }>>();
  for (const u of usage) {
    let m = byOwner.get(u.owner_id);
    if (!m) byOwner.set(u.owner_id, (m = new Map()));
    m.set(u.period_key, { q: Number(u.used_quota), n: Number(u.used_requests) });
  }
  for (const w of wanted) {
    const dto = out.get(w.row.id)!;
    const m = byOwner.get(w.row.id);
    let oldest: number | undefined;
    for (const k of w.keys) {
      const u = m?.get(k);
      if (!u) continue;
      dto.period_used_quota += u.q;
      dto.period_used_requests += u.n;
      if (k[0] === 'h' && oldest === undefined && (u.q > 0 || u.n > 0)) oldest = Number(k.slice(1));
    }
    if (w.row.period === 'rolling_day')
      dto.period_reset_time =
        oldest !== undefined ? (oldest + ROLLING_HOURS) * 3600 : Math.floor(ctx.now() / 3600 + 1) * 3600;
  }
  return out;
}

/** The same DTOs with their budget fields filled in. */
export async function withBudgets<T extends { id: number }>(
  ctx: AppContext,
  kind: 'u' | 't',
  dtos: T[],
  rows: readonly BudgetRow[],
): Promise<(T & BudgetDto)[]> {
  const budgets = await budgetsOf(ctx, kind, rows);
  return dtos.map((d) => ({ ...d, ...budgets.get(d.id)! }));
}
