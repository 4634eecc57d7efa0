import type { OptionDef } from '../../core/command.js';
import type { Context } from '../../core/context.js';
import { parseCount } from '../../core/args.js';
import { usageError } from '../../core/errors.js';
import { parseQuota } from '../../core/quota.js';

/** Budget and cap flags of `tokens create` and `tokens update`. */
export interface BudgetOpts {
  daily?: string;
  weekly?: string;
  monthly?: string;
  rolling?: string;
  period?: string;
  requests?: string;
  concurrency?: string;
  rpm?: string;
  tpm?: string;
}

export const BUDGET_OPTIONS: readonly OptionDef[] = [
  {
    flags: '--daily <q>',
    description: "quota per day (server's BUDGET_TIMEZONE), units or '$5'; 0 lifts it",
  },
  { flags: '--weekly <q>', description: 'quota per week (from Monday)' },
  { flags: '--monthly <q>', description: 'quota per calendar month' },
  { flags: '--rolling <q>', description: 'quota per rolling 24 hours' },
  { flags: '--period <p>', description: 'budget period alone: day, week, month, rolling_day or none' },
  { flags: '--requests <n>', description: 'requests per period (0 = no limit)' },
  { flags: '--concurrency <n>', description: 'requests in flight at once (0 = no limit)' },
  { flags: '--rpm <n>', description: 'requests per minute (0 = no limit)' },
  { flags: '--tpm <n>', description: 'tokens per minute (0 = no limit)' },
];

const BY_FLAG = { daily: 'day', weekly: 'week', monthly: 'month', rolling: 'rolling_day' } as const;
const PERIODS = ['day', 'week', 'month', 'rolling_day', 'none', ''];

/** The token or user fields the budget flags set; `current` is the period the record has now. */
export async function budgetFields(
  opts: BudgetOpts,
  ctx: Context,
  current = '',
): Promise<Record<string, string | number>> {
  const given = (Object.keys(BY_FLAG) as (keyof typeof BY_FLAG)[]).filter((f) => opts[f] !== undefined);
  if (given.length > 1)
    throw usageError(`give one of --daily, --weekly, --monthly, --rolling, not ${given.length}`);
  const out: Record<string, string | number> = {};
  if (opts.period !== undefined) {
    if (!PERIODS.includes(opts.period))
      throw usageError(`--period must be day, week, month, rolling_day or none, got "${opts.period}"`);
    out.period = opts.period === 'none' ? '' : opts.period;
  }
  const flag = given[0];
  if (flag) {
    if (out.period !== undefined && out.period !== BY_FLAG[flag])
      throw usageError(`--${flag} and --period ${opts.period} disagree`);
    out.period = BY_FLAG[flag];
    out.period_quota = await parseQuota(opts[flag]!, ctx);
  }
  if (opts.requests !== undefined) {
    out.period_requests = parseCount(opts.requests, '--requests');
    if ((out.period ?? current) === '' && out.period_requests > 0)
      throw usageError('--requests needs a period: add --period day (or --daily, --weekly, …)');
  }
  if (opts.concurrency !== undefined) out.max_concurrency = parseCount(opts.concurrency, '--concurrency');
  if (opts.rpm !== undefined) out.rpm_limit = parseCount(opts.rpm, '--rpm');
  if (opts.tpm !== undefined) out.tpm_limit = parseCount(opts.tpm, '--tpm');
  return out;
}
