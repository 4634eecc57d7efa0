import { translate } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { notifyRoot, notifyUser } from '../../notify/notify.js';
import type { Notification } from '../../notify/notification.js';
import { budgetOf } from './budget-spec.js';
import { PeriodCalendar, rollingKeys } from './periods.js';
import { usageRow } from './settlement-plan.js';

/** Percentages of a period budget at which its owner (and root) hear of it, once per period each. */
export const ALERT_THRESHOLDS = [50, 80, 100] as const;
/** Request budgets' thresholds are stored offset by this, next to the quota budget's of the same period. */
const REQUESTS_OFFSET = 1000;

/**
 * Spend alerts: after a batch of settlements is written, each budget it touched is read back from the database
 * (all nodes' spend) and every threshold it has reached is recorded in `budget_alerts`; only the node whose
 * insert lands sends that alert, so two nodes never send the same one. A rolling day has no periods: its alerts
 * are once per UTC day.
 */
export class BudgetAlerts {
  private readonly calendar: PeriodCalendar;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {
    this.calendar = new PeriodCalendar(ctx.config.budgetTimeZone ?? 'UTC');
  }

  /** Checks the budgets of these usage keys, one batch after another, in the background. */
  written(usageKeys: Iterable<string>): void {
    const owners = new Set<string>();
    for (const k of usageKeys) owners.add(k.slice(0, k.indexOf('|')));
    if (!owners.size) return;
    this.running = this.running
      .then(() => this.check(owners))
      .catch((err: unknown) => console.warn('switchboard: budget alerts failed:', (err as Error).message));
  }

  /** Resolves when every check queued so far has run (tests). */
  idle(): Promise<void> {
    return this.running;
  }

  private async check(owners: Set<string>): Promise<void> {
    for (const owner of owners) {
      const { kind, id } = usageRow(owner + '|');
      const db = this.ctx.db;
      const row =
        kind === 'u'
          ? await db
              .selectFrom('users')
              .select(['id as user_id', 'username as name', 'period', 'period_quota', 'period_requests'])
              .where('id', '=', id)
              .executeTakeFirst()
          : await db
              .selectFrom('tokens')
              .select(['user_id', 'name', 'period', 'period_quota', 'period_requests'])
              .where('id', '=', id)
              .executeTakeFirst();
      const budget = row && budgetOf(row);
      if (!row || !budget) continue;
      const now = this.ctx.now();
      let keys: string[];
      let alertPeriod: string;
      let resetAt: number;
      if (budget.period === 'rolling_day') {
        keys = rollingKeys(now);
        alertPeriod = 'r' + this.calendar.span('day', now).key.slice(1);
        resetAt = (Math.floor(now / 3600) + 1) * 3600;
      } else {
        const span = this.calendar.span(budget.period, now);
        keys = [span.key];
        alertPeriod = span.key;
        resetAt = span.end;
      }
      const usage = await db
        .selectFrom('budget_usage')
        .select(['used_quota', 'used_requests'])
        .where('kind', '=', kind)
        .where('owner_id', '=', id)
        .where('period_key', 'in', keys)
        .execute();
      const used = { quota: 0, requests: 0 };
      for (const u of usage) {
        used.quota += Number(u.used_quota);
        used.requests += Number(u.used_requests);
      }
      const reached: { threshold: number; used: number; limit: number }[] = [];
      for (const t of ALERT_THRESHOLDS) {
        if (budget.quota && used.quota * 100 >= budget.quota * t)
          reached.push({ threshold: t, used: used.quota, limit: budget.quota });
        if (budget.requests && used.requests * 100 >= budget.requests * t)
          reached.push({ threshold: REQUESTS_OFFSET + t, used: used.requests, limit: budget.requests });
      }
      for (const r of reached) {
        if (!(await this.claim(kind, id, alertPeriod, r.threshold))) continue;
        const percent = r.threshold % REQUESTS_OFFSET;
        const who = kind === 'u' ? `用户 ${row.name}` : `令牌 ${row.name}`;
        const n: Notification = {
          type: 'budget_alert',
          title: translate('notify.budgetAlertTitle', 'zh', { owner: who, percent }),
          content: 'notify.budgetAlertContent',
          params: {
            owner: who,
            period: budget.period,
            used: r.used,
            limit: r.limit,
            percent,
            resetAt: new Date(resetAt * 1000).toISOString().replace('.000Z', 'Z'),
          },
          throttleKey: `budget_${kind}${id}_${alertPeriod}_${r.threshold}`,
        };
        void notifyUser(this.ctx, row.user_id, n);
        void notifyRoot(this.ctx, n);
      }
    }
  }

  /** Records the alert; false when it was recorded already (by this node or another). */
  private async claim(kind: string, id: number, period: string, threshold: number): Promise<boolean> {
    try {
      await this.ctx.db
        .insertInto('budget_alerts')
        .values({ kind, owner_id: id, period_key: period, threshold, created_at: this.ctx.now() })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}
