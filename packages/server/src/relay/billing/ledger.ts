import { LogType } from '@switchboard/sdk';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { LogsTable } from '../../db/tables.js';
import { warnOnQuotaCrossing } from '../../notify/quota-warning.js';
import type { CallerBalances } from '../core/balances.js';
import type { RelayCaller } from '../core/caller.js';
import { relayError } from '../core/relay-error.js';
import type { ConsumeRecord } from './consume-record.js';
import { Holds, type Hold } from './holds.js';
import { LedgerJournal } from './ledger-journal.js';
import type { Settlement } from './settlement.js';
import { inThreadWriter, settlementWriter, type SettlementWriter } from './settlement-writer.js';
import { writeSettlements } from './write-settlements.js';

/**
 * How long finished requests wait to be written together. The journal keeps them safe meanwhile and /api reads
 * flush first, so the window only trades database work for batching: at c=64, 50 ms instead of 5 ms cut the
 * commit cost from about 4 % of the CPU to 1.5 %.
 */
const FLUSH_DELAY_MS = Number(process.env.SETTLEMENT_FLUSH_MS ?? 50);

/**
 * The relay's book of money. A request is admitted only when the caller's free balance (balance less what
 * requests in flight hold) covers its worst case, which it then holds until it settles; the charge never exceeds
 * the hold plus the free balance. So no balance goes below zero and every charge is logged as taken, whatever the
 * concurrency. Each settlement is queued (and journaled) here and written with the others of its flush; the
 * caller's cached balances follow it at once, moved by their owner (`balances`, the token cache).
 */
export class Ledger {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private journal: LedgerJournal | undefined;
  private journalBroken = false;
  private journalWrite: Promise<void> | undefined;
  private writer: SettlementWriter;
  /** Quota held by requests in flight, and settled deltas not yet written. */
  readonly holds = new Holds();
  /**
   * Batch writes finished so far, committed or not: a balance read while one was under way may or may not
   * include it (a failed write may have committed before its writer died).
   */
  writes = 0;

  constructor(
    private readonly ctx: AppContext,
    /** Told of each charge: the owner of the balances requests read. */
    private readonly balances: CallerBalances,
  ) {
    this.writer = inThreadWriter(ctx.db, undefined);
    ctx.onFlush(() => this.flush());
  }

  /**
   * Starts journaling settlements to `dir` (see {@link LedgerJournal}), after replaying what a crashed
   * process left there. Without a journal, a crash loses the settlements of the last few milliseconds.
   */
  async openJournal(dir: string): Promise<void> {
    this.journal = await LedgerJournal.open(dir, this.ctx.db, (batch, journal) =>
      writeSettlements(this.ctx.db, batch, journal),
    );
    this.writer = settlementWriter(this.ctx.db, this.journal.id);
  }

  /** Final flush at shutdown; the journal is emptied only when everything reached the database. */
  async close(): Promise<void> {
    await this.flush();
    await this.writer.close();
    this.writer = inThreadWriter(this.ctx.db, this.journal?.id);
    const journal = this.journal;
    this.journal = undefined;
    if (!journal) return;
    this.writeStaged(journal);
    if (this.queue.length === 0) journal.close();
  }

  /** Resolves when no batch is being written. */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  get writing(): boolean {
    return this.inFlight !== undefined;
  }

  /**
   * Quota the caller may still commit: the balance less what its requests in flight hold, for the user and, when
   * the token's balance is limited, for the token; the smaller of the two.
   */
  free(caller: RelayCaller, playground: boolean): number {
    const { user, token } = caller;
    const userFree = user.quota - this.holds.user(user.id);
    if (playground || token.unlimited) return userFree;
    return Math.min(userFree, token.remainQuota - this.holds.token(token.id));
  }

  /**
   * Holds `amount` (the request's worst case) until the request settles. Admission and hold happen in one
   * synchronous step, so no two requests can count the same quota; the hold lives in memory only (see
   * {@link Holds}). Throws the user's or the token's "insufficient quota" error when the free balance is short.
   */
  reserve(caller: RelayCaller, amount: number, playground: boolean): Hold {
    const { user, token } = caller;
    const limited = !playground && !token.unlimited;
    if (user.quota <= 0 || user.quota - this.holds.user(user.id) < amount)
      throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
    if (limited && token.remainQuota - this.holds.token(token.id) < amount)
      throw relayError(403, 'token.quotaInsufficient', {}, 'pre_consume_token_quota_failed');
    const hold: Hold = { userId: user.id, tokenId: limited ? token.id : 0, amount };
    this.holds.hold(hold, amount);
    return hold;
  }

  /** Grows a hold by `extra` when the free balance allows it (a stream running past its worst case). */
  extend(caller: RelayCaller, hold: Hold, extra: number, playground: boolean): boolean {
    if (this.free(caller, playground) < extra) return false;
    hold.amount += extra;
    this.holds.hold(hold, extra);
    return true;
  }

  /** Releases a hold: the request failed before anything was delivered. Nothing was taken, so nothing is written. */
  refund(hold: Hold): void {
    this.holds.hold(hold, -hold.amount);
    hold.amount = 0;
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
    this.refund(hold);
    const cap = Math.max(0, this.free(caller, playground));
    if (record.quota > cap) {
      record.other = { ...record.other, uncapped_quota: record.quota };
      record.quota = cap;
    }
    const { user } = caller;
    const before = user.quota;
    const journaled = this.enqueue(caller, record.quota, playground, record);
    if (record.quota !== 0)
      warnOnQuotaCrossing(this.ctx, user.id, user.quotaWarningThreshold, before, before - record.quota);
    return journaled;
  }

  private enqueue(
    caller: RelayCaller,
    delta: number,
    playground: boolean,
    record: ConsumeRecord,
  ): Promise<void> | undefined {
    const { user, token } = caller;
    const now = this.ctx.now();
    const o = this.ctx.options;
    const entry: Settlement = {
      userId: user.id,
      tokenId: playground ? 0 : token.id,
      tokenUnlimited: playground || token.unlimited,
      delta,
      used: delta,
      counted: true,
      channelId: record.channelId,
    };
    if (o.bool('LogConsumeEnabled')) entry.log = this.logRow(caller, record, now, playground);
    if (o.bool('DataExportEnabled'))
      entry.hourly = {
        userId: user.id,
        username: user.username,
        model: record.modelName,
        hour: now - (now % 3600),
        tokens: record.promptTokens + record.completionTokens,
        quota: record.quota,
      };
    this.queue.push(entry);
    this.holds.addUnflushed(entry.userId, entry.tokenUnlimited ? 0 : entry.tokenId, delta);
    this.balances.charged(caller, delta, !playground && !token.unlimited);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
    return this.record(entry);
  }

  /**
   * Journals one settlement before its caller finishes the response. The first settlement of an event-loop
   * turn is written at once (no added latency on a quiet server); the others finishing in the same turn share
   * one write at its end, which the returned promise waits for. At c=64 a write per request was 5 % of the CPU.
   */
  private record(entry: Settlement): Promise<void> | undefined {
    const journal = this.journal;
    if (!journal) return undefined;
    journal.stage(entry);
    if (this.journalWrite) return this.journalWrite;
    this.writeStaged(journal);
    this.journalWrite = new Promise<void>((resolve) =>
      setImmediate(() => {
        this.journalWrite = undefined;
        this.writeStaged(journal);
        resolve();
      }),
    );
    return undefined;
  }

  /** A full disk degrades to memory only, loudly, rather than failing requests already answered upstream. */
  private writeStaged(journal: LedgerJournal): void {
    try {
      journal.writeStaged();
      this.journalBroken = false;
    } catch (err) {
      if (!this.journalBroken)
        console.error('switchboard: settlement journal write failed:', (err as Error).message);
      this.journalBroken = true;
    }
  }

  /** Writes every queued settlement; concurrent calls wait for the same write. Never loses a queued row. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle();
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const journal = this.journal;
    journal?.cut();
    this.inFlight = this.writer
      .write(batch)
      .then(
        () => {
          this.writes++;
          for (const s of batch)
            this.holds.addUnflushed(s.userId, s.tokenUnlimited ? 0 : s.tokenId, -s.delta);
          this.retireJournalFiles(journal);
        },
        (err: unknown) => {
          this.writes++;
          // Keep the rows for the next flush rather than lose money; the database may be back by then. Entries
          // the failed write did commit are skipped then (see Settlement.seq).
          this.queue.unshift(...batch);
          console.error('switchboard: writing settlements failed, will retry:', (err as Error).message);
          this.timer ??= setTimeout(() => void this.flush(), 1000);
        },
      )
      .finally(() => {
        this.inFlight = undefined;
      });
    await this.inFlight;
  }

  /** A journal file that cannot be deleted is replayed harmlessly at the next start (its entries are marked). */
  private retireJournalFiles(journal: LedgerJournal | undefined): void {
    try {
      journal?.committed();
    } catch (err) {
      console.error('switchboard: deleting an applied journal file failed:', (err as Error).message);
    }
  }

  private logRow(
    caller: RelayCaller,
    r: ConsumeRecord,
    now: number,
    playground: boolean,
  ): Insertable<LogsTable> {
    return {
      user_id: caller.user.id,
      username: caller.user.username,
      created_at: now,
      type: LogType.Consume,
      content: r.content,
      token_name: playground ? `playground-${r.group}` : caller.token.name,
      token_id: playground ? 0 : caller.token.id,
      model_name: r.modelName,
      quota: r.quota,
      prompt_tokens: r.promptTokens,
      completion_tokens: r.completionTokens,
      use_time: r.useTimeS,
      is_stream: r.isStream ? 1 : 0,
      channel_id: r.channelId,
      group: r.group,
      other: JSON.stringify(r.other),
    };
  }
}
