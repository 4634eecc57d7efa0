import type { AppContext } from '../../context.js';
import { warnOnQuotaCrossing } from '../../notify/quota-warning.js';
import type { CallerBalances } from '../core/balances.js';
import type { RelayCaller } from '../core/caller.js';
import { relayError } from '../core/relay-error.js';
import type { ConsumeRecord } from './consume-record.js';
import { Holds, type Hold } from './holds.js';
import type { BudgetLeases } from './budget-leases.js';
import { BudgetBook, type BudgetWindow } from './budgets.js';
import { BudgetAlerts } from './budget-alerts.js';
import { settlementEntry } from './settlement-entry.js';
import type { LeaseBook } from './leases.js';
import { Room } from './room.js';
import { SettlementQueue } from './settlement-queue.js';
import { BillingSeries } from '../../observe/billing-series.js';

/**
 * The relay's book of money. A request is admitted only when the caller's free balance (balance less what
 * requests in flight hold) covers its worst case, which it then holds until it settles; the charge never exceeds
 * the hold plus the free balance. So no balance goes below zero and every charge is logged as taken, whatever the
 * concurrency. Each settlement is queued (and journaled) here and written with the others of its flush; the
 * caller's cached balances follow it at once, moved by their owner (`balances`, the token cache).
 */
export class Ledger {
  /** Quota held by requests in flight, and settled deltas not yet written. */
  readonly holds = new Holds();
  /** Settlements on their way to the database (journal, batches). */
  private readonly queue: SettlementQueue;
  /** Requests waiting for their caller's requests in flight to release room. */
  readonly room = new Room();
  /** Period budgets of users and tokens: held, charged and sliced alongside the balances. */
  readonly budgets: BudgetBook;
  /** Spend alerts at 50/80/100 % of a budget, checked after each batch that touched one. */
  readonly alerts: BudgetAlerts;
  /** Told of each settled request's tokens (the per-token tokens-per-minute cap). */
  onSettled: ((caller: RelayCaller, tokens: number) => void) | undefined;
  /** This node's slices of the balances, when several nodes share the database (set by {@link useLeases}). */
  private leases: LeaseBook | undefined;
  /** Batch writes finished so far, committed or not (see {@link SettlementQueue.writes}). */
  get writes(): number {
    return this.queue.writes;
  }
  /** Holds taken and not yet settled or refunded (`switchboard_holds_in_flight`). */
  holdsInFlight = 0;
  /** Tokens and quota by model and group, when metrics are on. */
  private readonly billing: BillingSeries | undefined;

  constructor(
    private readonly ctx: AppContext,
    /** Told of each charge: the owner of the balances requests read. */
    private readonly balances: CallerBalances,
  ) {
    this.budgets = new BudgetBook(ctx.config.budgetTimeZone ?? 'UTC', () => ctx.now());
    this.alerts = new BudgetAlerts(ctx);
    this.queue = new SettlementQueue(ctx.db, this.holds, ctx.logDb, (batch) => {
      let touched: Set<string> | undefined;
      for (const s of batch)
        if (s.budgets) {
          this.budgets.written(s.budgets, s.delta);
          touched ??= new Set();
          for (const k of s.budgets) touched.add(k);
        }
      if (touched) this.alerts.written(touched);
    });
    ctx.onFlush(() => this.flush());
    this.billing = ctx.metrics && new BillingSeries(ctx.metrics);
  }

  /** The settlement queue's state, read when metrics are scraped. */
  get backlog(): { queued: number; oldestMs: number; journalBytes: number } {
    return this.queue.backlog;
  }

  /** Journals settlements to `dir` from now on, after replaying what a crashed process left there. */
  openJournal(dir: string): Promise<void> {
    return this.queue.openJournal(dir);
  }

  /** Admits against this node's slices of the balances from now on (several nodes on one database). */
  useLeases(leases: LeaseBook, budgets?: BudgetLeases): void {
    this.leases = leases;
    this.budgets.leases = budgets;
  }

  /**
   * Final flush at shutdown; the journal is emptied only when everything reached the database, and only then
   * are this node's slices handed back.
   */
  async close(): Promise<void> {
    const written = await this.queue.close();
    if (this.leases && written)
      await Promise.all([this.leases.close(), this.budgets.leases?.close()]).catch((err: unknown) => {
        console.warn('switchboard: handing back balance leases failed:', (err as Error).message);
      });
  }

  /** Resolves when no batch is being written. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  get writing(): boolean {
    return this.queue.writing;
  }

  /** Writes every queued settlement; concurrent calls wait for the same write. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /**
   * Quota the caller may still commit: the balance less what its requests in flight hold, for the user and, when
   * the token's balance is limited, for the token; the smaller of the two. With several nodes on one database
   * "the balance" is this node's slice of it (`leases`); `settling` counts all of a slice, including one this
   * node no longer admits against, since the requests admitted against it must settle there.
   */
  free(caller: RelayCaller, playground: boolean, settling = false): number {
    const balance = this.balanceFree(caller, playground, settling);
    if (settling) return balance;
    const windows = this.budgets.windows(caller, playground);
    return windows ? Math.min(balance, this.budgets.free(windows)) : balance;
  }

  /** {@link free} without the period budgets. */
  private balanceFree(caller: RelayCaller, playground: boolean, settling = false): number {
    const { user, token } = caller;
    const leases = this.leases;
    const own = (kind: 'u' | 't', id: number, cached: number) =>
      leases ? (settling ? leases.left(kind, id) : leases.spendable(kind, id)) : cached;
    const userFree = own('u', user.id, user.quota) - this.holds.user(user.id);
    if (playground || token.unlimited) return userFree;
    return Math.min(userFree, own('t', token.id, token.remainQuota) - this.holds.token(token.id));
  }

  /**
   * Whether the balance would pay `amount` were nothing in flight, while something is: a request short of room
   * only because of its caller's own requests in flight may wait for them (see {@link Room}).
   */
  roomWillCome(caller: RelayCaller, amount: number, playground: boolean): boolean {
    const { user, token } = caller;
    const limited = !playground && !token.unlimited;
    const held = this.holds.user(user.id) + (limited ? this.holds.token(token.id) : 0);
    let inFlight = held > 0;
    if (this.balanceFree(caller, playground) + held < amount) return false;
    const windows = this.budgets.windows(caller, playground);
    if (windows)
      for (const w of windows) {
        const h = this.budgets.held(w);
        inFlight ||= h.quota > 0 || h.requests > 0;
        if (this.budgets.freeQuota(w) + h.quota < amount || this.budgets.freeRequests(w) + h.requests < 1)
          return false;
      }
    return inFlight;
  }

  /** The room keys a request of `caller` waits on. */
  roomKeys(caller: RelayCaller, playground: boolean): string[] {
    const { user, token } = caller;
    const keys = !playground && !token.unlimited ? ['u' + user.id, 't' + token.id] : ['u' + user.id];
    const windows = this.budgets.windows(caller, playground);
    if (windows) for (const w of windows) keys.push('b' + w.window);
    return keys;
  }

  /**
   * With several nodes: grows this node's slices until `amount` more is free here, as far as the balances allow
   * (one transaction per slice, and only when the slice is short: a caller far richer than what is in flight
   * passes without one). Undefined when nothing needs doing, which is every request on a single node.
   */
  ensure(
    caller: RelayCaller,
    amount: number,
    playground: boolean,
    windows = this.budgets.windows(caller, playground),
  ): Promise<void> | undefined {
    const leases = this.leases;
    if (!leases) return undefined;
    const budgetsShort = windows !== undefined && this.budgets.free(windows) < amount;
    if (!budgetsShort && this.balanceFree(caller, playground) >= amount) return undefined;
    const { user, token } = caller;
    const grows = [leases.grow('u', user.id, amount)];
    if (!playground && !token.unlimited) grows.push(leases.grow('t', token.id, amount));
    const slices = this.budgets.leases;
    if (windows && slices)
      for (const w of windows) {
        if (w.budget.quota) grows.push(slices.growKey('q' + w.window, amount));
        if (w.budget.requests) grows.push(slices.growKey('n' + w.window, 1));
      }
    return Promise.all(grows).then(
      () => undefined,
      (err: unknown) => {
        // The database is away: admission goes on with the slices this node holds.
        console.warn('switchboard: taking a balance lease failed:', (err as Error).message);
      },
    );
  }

  /**
   * Holds `amount` (the request's worst case) until the request settles. Admission and hold happen in one
   * synchronous step, so no two requests can count the same quota; the hold lives in memory only (see
   * {@link Holds}). Throws the user's or the token's "insufficient quota" error when the free balance is short.
   */
  reserve(caller: RelayCaller, amount: number, playground: boolean): Hold {
    const { user, token } = caller;
    const limited = !playground && !token.unlimited;
    const userBalance = this.leases ? this.leases.spendable('u', user.id) : user.quota;
    if (userBalance <= 0 || userBalance - this.holds.user(user.id) < amount)
      throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
    const tokenBalance = this.leases ? this.leases.spendable('t', token.id) : token.remainQuota;
    if (limited && tokenBalance - this.holds.token(token.id) < amount)
      throw relayError(403, 'token.quotaInsufficient', {}, 'pre_consume_token_quota_failed');
    const windows = this.budgets.windows(caller, playground);
    if (windows) this.budgets.check(windows, amount);
    const hold: Hold = { userId: user.id, tokenId: limited ? token.id : 0, amount, open: true };
    this.holds.hold(hold, amount);
    this.holdsInFlight++;
    if (windows) {
      // The period is the one the request starts in: its spend is filed there whenever it settles.
      hold.budgets = windows;
      this.budgets.hold(windows, amount, 1);
    }
    return hold;
  }

  /**
   * Grows a hold by `extra` when the free balance allows it (a stream running past its worst case); with several
   * nodes, after growing this node's slice if it must.
   */
  extend(caller: RelayCaller, hold: Hold, extra: number, playground: boolean): boolean | Promise<boolean> {
    const windows = hold.budgets;
    const grow = () => {
      if (this.balanceFree(caller, playground) < extra) return false;
      if (windows) {
        for (const w of windows) if (this.budgets.freeQuota(w) < extra) return false;
        this.budgets.hold(windows, extra, 0);
      }
      hold.amount += extra;
      this.holds.hold(hold, extra);
      return true;
    };
    const growing = this.ensure(caller, extra, playground, windows);
    return growing ? growing.then(grow) : grow();
  }

  /** Releases a hold: the request failed before anything was delivered. Nothing was taken, so nothing is written. */
  refund(hold: Hold): void {
    this.closed(hold);
    this.holds.hold(hold, -hold.amount);
    const windows = hold.budgets;
    if (windows) {
      this.budgets.hold(windows, -hold.amount, -1);
      hold.budgets = undefined;
      this.budgets.settled(windows);
      for (const w of windows) this.room.released('b' + w.window);
    }
    hold.amount = 0;
    if (this.leases) {
      this.leases.settled('u', hold.userId);
      if (hold.tokenId) this.leases.settled('t', hold.tokenId);
    }
    this.room.released('u' + hold.userId);
    if (hold.tokenId) this.room.released('t' + hold.tokenId);
  }

  /**
   * Charges the final quota: the balance, usage counters, the log row, hourly data. The hold is released and
   * the charge can never exceed what the hold and the free balance cover together, so no balance goes below
   * zero; the log records exactly what was charged (an upstream reporting more than its request's worst case is
   * the only way to reach the cap, and `other.uncapped_quota` then keeps its figure). The caller's cached
   * balances change at once (the ledger tells their owner); the rows are written by the next flush, a few
   * milliseconds later, in one transaction with the other requests that finished meanwhile. A balance that
   * falls below the warning threshold here triggers the quota warning (reference §5.8), in the background.
   * Resolves once the settlement is in the journal: callers finish their response after that.
   */
  settle(
    caller: RelayCaller,
    hold: Hold,
    record: ConsumeRecord,
    playground: boolean,
  ): Promise<void> | undefined {
    this.closed(hold);
    this.holds.hold(hold, -hold.amount);
    const windows = hold.budgets;
    if (windows) {
      this.budgets.hold(windows, -hold.amount, -1);
      hold.budgets = undefined;
    }
    hold.amount = 0;
    let cap = Math.max(0, this.balanceFree(caller, playground, true));
    if (windows) cap = Math.min(cap, Math.max(0, this.budgets.cap(windows)));
    if (record.quota > cap) {
      record.other = { ...record.other, uncapped_quota: record.quota };
      record.quota = cap;
    }
    const { user } = caller;
    const before = user.quota;
    const journaled = this.enqueue(caller, playground, record, windows);
    this.billing?.settled(
      record.modelName,
      record.group,
      record.promptTokens,
      record.completionTokens,
      Number(record.other.cache_tokens ?? 0),
      record.quota,
    );
    if (!playground && caller.token.tpmLimit)
      this.onSettled?.(caller, record.promptTokens + record.completionTokens);
    if (record.quota !== 0)
      warnOnQuotaCrossing(this.ctx, user.id, user.quotaWarningThreshold, before, before - record.quota);
    return journaled;
  }

  private closed(hold: Hold): void {
    if (!hold.open) return;
    hold.open = false;
    this.holdsInFlight--;
  }

  private enqueue(
    caller: RelayCaller,
    playground: boolean,
    record: ConsumeRecord,
    windows: BudgetWindow[] | undefined,
  ): Promise<void> | undefined {
    const entry = settlementEntry(this.ctx.options, caller, record, playground, this.ctx.now());
    if (windows) {
      const charged = this.budgets.charge(windows, entry.delta);
      entry.budgets = charged.usage;
      if (charged.leases) entry.budgetLeases = charged.leases;
    }
    const limited = !entry.tokenUnlimited;
    this.balances.charged(caller, entry.delta, limited);
    const leases = this.leases;
    if (leases) {
      entry.leasedBy = leases.node;
      leases.charged('u', entry.userId, entry.delta);
      leases.settled('u', entry.userId);
      if (limited) {
        leases.charged('t', entry.tokenId, entry.delta);
        leases.settled('t', entry.tokenId);
      }
    }
    if (windows) entry.leasedBy ??= this.budgets.leases?.node;
    const journaled = this.queue.push(entry);
    this.room.released('u' + entry.userId);
    if (limited) this.room.released('t' + entry.tokenId);
    if (windows) {
      this.budgets.settled(windows);
      for (const w of windows) this.room.released('b' + w.window);
    }
    return journaled;
  }
}
