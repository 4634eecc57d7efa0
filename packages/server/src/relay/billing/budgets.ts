import type { RelayBudget, RelayCaller } from '../core/caller.js';
import { RelayError } from '../core/relay-error.js';
import type { BudgetLeases } from './budget-leases.js';
import { PeriodCalendar, rollingKeys, hourKey, ROLLING_HOURS } from './periods.js';

/** One budget as it applies to a request: whose, which period, where its spend is filed. */
export interface BudgetWindow {
  /** `u<id>` or `t<id>`. */
  owner: string;
  budget: RelayBudget;
  /**
   * What holds and slices are counted against: `<owner>|<period key>` for a calendar period, `<owner>|r` for
   * the rolling day (whose buckets come and go while its slices stay).
   */
  window: string;
  /** The usage row the spend goes to: the period, or the hour of the rolling day. */
  usage: string;
  /** Unix second the period resets (calendar), or its current hour ends (rolling). */
  resetAt: number;
}

/** A request's holds on its budgets: held from admission until it settles or is refunded. */
export interface BudgetHold {
  windows: BudgetWindow[];
}

export interface Usage {
  quota: number;
  requests: number;
}

const bump = (map: Map<string, number>, key: string, by: number) => {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
};

/**
 * Period budgets of users and tokens, kept like balances (ledger.ts): a request is admitted only when every
 * budget that applies can pay its worst case, which it holds until it settles; the charge never exceeds the
 * hold plus what is free. A budget's "balance" is its limit less what its period has spent: known here from the
 * database when its owner's key is first read (`prime`) plus what settled on this node since, or, with several
 * nodes on one database, this node's slice of it (`BudgetLeases`). The spend of a request is filed under the
 * period it was admitted in, so requests in flight across a boundary go to the period they started in, and the
 * new period starts at what it has spent: nothing.
 */
export class BudgetBook {
  readonly calendar: PeriodCalendar;
  private readonly heldQuota = new Map<string, number>();
  private readonly heldRequests = new Map<string, number>();
  /** Usage key → spend this node knows of (the database when primed, plus every charge since). */
  private readonly usage = new Map<string, Usage>();
  /** Usage key → spend settled but not written yet (a read from the database is that much too low). */
  private readonly unflushed = new Map<string, Usage>();
  /**
   * Owner → its rolling day's spend as of one hour, kept up by every charge: summing 24 buckets on each
   * admission check cost ~20 µs a request.
   */
  private readonly rolling = new Map<string, Usage & { hour: number }>();
  leases: BudgetLeases | undefined;

  constructor(
    timeZone: string,
    /** Unix seconds. */
    readonly now: () => number,
  ) {
    this.calendar = new PeriodCalendar(timeZone);
  }

  /** The budgets that apply to a request of `caller` now; undefined when none do (the common case). */
  windows(caller: RelayCaller, playground: boolean): BudgetWindow[] | undefined {
    const tb = playground ? undefined : caller.token.budget;
    const ub = caller.user.budget;
    if (!tb && !ub) return undefined;
    const now = this.now();
    const out: BudgetWindow[] = [];
    if (ub) out.push(this.window('u' + caller.user.id, ub, now));
    if (tb) out.push(this.window('t' + caller.token.id, tb, now));
    return out;
  }

  private window(owner: string, budget: RelayBudget, now: number): BudgetWindow {
    if (budget.period === 'rolling_day') {
      const hour = Math.floor(now / 3600);
      return {
        owner,
        budget,
        window: owner + '|r',
        usage: owner + '|' + hourKey(now),
        resetAt: (hour + 1) * 3600,
      };
    }
    const span = this.calendar.span(budget.period, now);
    const key = owner + '|' + span.key;
    return { owner, budget, window: key, usage: key, resetAt: span.end };
  }

  /** What the window's period has spent, as this node knows it. */
  spent(w: BudgetWindow): Usage {
    if (w.budget.period !== 'rolling_day') return this.usage.get(w.usage) ?? { quota: 0, requests: 0 };
    const hour = Math.floor(this.now() / 3600);
    const cached = this.rolling.get(w.owner);
    if (cached?.hour === hour) return cached;
    const sum = { quota: 0, requests: 0, hour };
    for (const k of rollingKeys(this.now())) {
      const u = this.usage.get(w.owner + '|' + k);
      if (u) {
        sum.quota += u.quota;
        sum.requests += u.requests;
      }
    }
    this.rolling.set(w.owner, sum);
    return sum;
  }

  /** Quota the window may still commit (Infinity without a quota limit). */
  freeQuota(w: BudgetWindow, settling = false): number {
    if (!w.budget.quota) return Infinity;
    const held = this.heldQuota.get(w.window) ?? 0;
    const leases = this.leases;
    if (leases) return (settling ? leases.leftOf('q' + w.window) : leases.spendableOf('q' + w.window)) - held;
    return w.budget.quota - this.spent(w).quota - held;
  }

  freeRequests(w: BudgetWindow, settling = false): number {
    if (!w.budget.requests) return Infinity;
    const held = this.heldRequests.get(w.window) ?? 0;
    const leases = this.leases;
    if (leases) return (settling ? leases.leftOf('n' + w.window) : leases.spendableOf('n' + w.window)) - held;
    return w.budget.requests - this.spent(w).requests - held;
  }

  /** The least quota any of the windows may commit; 0 when one of them cannot take another request. */
  free(windows: readonly BudgetWindow[]): number {
    let free = Infinity;
    for (const w of windows) {
      if (this.freeRequests(w) < 1) return 0;
      free = Math.min(free, this.freeQuota(w));
    }
    return free;
  }

  /** Held against `w` now (quota, requests). */
  held(w: BudgetWindow): Usage {
    return { quota: this.heldQuota.get(w.window) ?? 0, requests: this.heldRequests.get(w.window) ?? 0 };
  }

  /** What a lease key's requests in flight hold (budget-leases.ts). */
  heldOf(leaseKey: string): number {
    return (leaseKey[0] === 'q' ? this.heldQuota : this.heldRequests).get(leaseKey.slice(1)) ?? 0;
  }

  /** Throws the 429 of the first window that cannot pay `amount` (and one more request). */
  check(windows: readonly BudgetWindow[], amount: number): void {
    for (const w of windows) {
      if (this.freeRequests(w) < 1) throw this.refusal(w, 'requests');
      const free = this.freeQuota(w);
      if (free <= 0 || free < amount) throw this.refusal(w, 'quota');
    }
  }

  /** Holds `amount` quota and `requests` requests more (negative: releases) on every window. */
  hold(windows: readonly BudgetWindow[], amount: number, requests: number): void {
    for (const w of windows) {
      if (w.budget.quota && amount) bump(this.heldQuota, w.window, amount);
      if (requests && w.budget.requests) bump(this.heldRequests, w.window, requests);
    }
  }

  /** The least any window may still charge a request that held `windows` (its hold already released). */
  cap(windows: readonly BudgetWindow[]): number {
    let cap = Infinity;
    for (const w of windows) cap = Math.min(cap, this.freeQuota(w, true));
    return cap;
  }

  /**
   * A settled charge of `delta` for one request: counted on each window's period at once (and on this node's
   * slices), written by the next flush. Returns the usage keys and, with slices, the lease keys it was charged to.
   */
  charge(windows: readonly BudgetWindow[], delta: number): { usage: string[]; leases?: string[] } {
    const usage: string[] = [];
    const leaseKeys: string[] = [];
    for (const w of windows) {
      usage.push(w.usage);
      addUsage(this.usage, w.usage, delta, 1);
      const sum = this.rolling.get(w.owner);
      if (sum && w.budget.period === 'rolling_day') {
        // Filed under the hour it was admitted in: in the cached window unless that hour has left it.
        const hour = Number(w.usage.slice(w.usage.indexOf('|') + 2));
        if (hour > sum.hour - ROLLING_HOURS) {
          sum.quota += delta;
          sum.requests += 1;
        }
      }
      addUsage(this.unflushed, w.usage, delta, 1);
      if (this.leases) {
        if (w.budget.quota) {
          this.leases.chargedTo('q' + w.window, delta);
          leaseKeys.push('q' + w.window);
        }
        if (w.budget.requests) {
          this.leases.chargedTo('n' + w.window, 1);
          leaseKeys.push('n' + w.window);
        }
      }
    }
    return leaseKeys.length ? { usage, leases: leaseKeys } : { usage };
  }

  /** Tells this node's tight slices that their requests settled, so what they do not hold goes back. */
  settled(windows: readonly BudgetWindow[]): void {
    const leases = this.leases;
    if (!leases) return;
    for (const w of windows) {
      if (w.budget.quota) leases.settledKey('q' + w.window);
      if (w.budget.requests) leases.settledKey('n' + w.window);
    }
  }

  /** A batch holding these usage keys' charges reached the database. */
  written(usage: readonly string[], delta: number): void {
    for (const k of usage) {
      addUsage(this.unflushed, k, -delta, -1);
      const u = this.unflushed.get(k);
      if (u && u.quota === 0 && u.requests === 0) this.unflushed.delete(k);
    }
  }

  /** Usage keys of the windows of `caller` that this node has not read from the database yet. */
  unknown(caller: RelayCaller, playground = false): string[] {
    const windows = this.windows(caller, playground);
    if (!windows) return [];
    const keys: string[] = [];
    for (const w of windows) {
      if (w.budget.period === 'rolling_day') {
        for (const k of rollingKeys(this.now()))
          if (!this.usage.has(w.owner + '|' + k)) keys.push(w.owner + '|' + k);
      } else if (!this.usage.has(w.usage)) keys.push(w.usage);
    }
    return keys;
  }

  /**
   * Spend read from the database for `keys` (absent rows: nothing spent), plus what this node settled but has
   * not written. Keys charged meanwhile are known already and keep their count.
   */
  primed(keys: readonly string[], rows: ReadonlyMap<string, Usage>): void {
    for (const k of keys) {
      if (this.usage.has(k)) continue;
      this.rolling.delete(k.slice(0, k.indexOf('|')));
      const db = rows.get(k) ?? { quota: 0, requests: 0 };
      const pending = this.unflushed.get(k);
      this.usage.set(k, {
        quota: db.quota + (pending?.quota ?? 0),
        requests: db.requests + (pending?.requests ?? 0),
      });
    }
  }

  /** Forgets spend of periods that are over (and of hours out of the rolling day), once written. */
  prune(): void {
    const now = this.now();
    const oldestHour = Math.floor(now / 3600) - ROLLING_HOURS;
    const current = new Set((['day', 'week', 'month'] as const).map((p) => this.calendar.span(p, now).key));
    for (const k of this.usage.keys()) {
      const period = k.slice(k.indexOf('|') + 1);
      const over = period[0] === 'h' ? Number(period.slice(1)) < oldestHour : !current.has(period);
      if (over && !this.unflushed.has(k)) this.usage.delete(k);
    }
    this.rolling.clear();
  }

  /** A budget that cannot pay: 429, naming the limit and when it frees up (`Retry-After`). */
  refusal(w: BudgetWindow, what: 'quota' | 'requests'): RelayError {
    const now = this.now();
    let resetAt = w.resetAt;
    if (w.budget.period === 'rolling_day') {
      // The rolling day frees up when its oldest spending hour leaves it.
      const keys = rollingKeys(now);
      const oldest = keys.find((k) => {
        const u = this.usage.get(w.owner + '|' + k);
        return u && (what === 'quota' ? u.quota > 0 : u.requests > 0);
      });
      resetAt = oldest ? (Number(oldest.slice(1)) + ROLLING_HOURS) * 3600 : Math.floor(now / 3600 + 1) * 3600;
    }
    // Requests in flight may free the budget sooner than its reset; a short wait is then the honest answer.
    const held = what === 'quota' ? this.heldQuota.get(w.window) : this.heldRequests.get(w.window);
    const retryAfterS = held ? 1 : Math.max(1, resetAt - now);
    const owner = w.owner[0] === 't' ? 'token' : 'user';
    const key = `budget.${owner}${what === 'quota' ? 'Quota' : 'Requests'}Exceeded` as const;
    const err = new RelayError(
      429,
      key,
      {
        period: w.budget.period,
        limit: what === 'quota' ? w.budget.quota : w.budget.requests,
        resetAt: isoTime(resetAt),
      },
      'new_api_error',
      `${owner}_period_${what}_exceeded`,
    );
    err.retryAfterS = retryAfterS;
    return err;
  }
}

function addUsage(map: Map<string, Usage>, key: string, quota: number, requests: number): void {
  const u = map.get(key);
  if (!u) {
    map.set(key, { quota, requests });
    return;
  }
  u.quota += quota;
  u.requests += requests;
}

const isoTime = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
