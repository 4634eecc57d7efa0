import { LogType, trustShortcut } from '@switchboard/sdk';
import type { Insertable } from 'kysely';
import type { AppContext } from '../context.js';
import type { LogsTable } from '../db/tables.js';
import { warnOnQuotaCrossing } from '../notify/quota-warning.js';
import { LedgerJournal } from './ledger-journal.js';
import { writeSettlements, type Settlement } from './ledger-writer.js';
import { relayError } from './relay-error.js';
import type { RelayCaller } from './token-auth.js';

/** What a settled request writes to the consume log (reference §5.6). */
export interface ConsumeRecord {
  modelName: string;
  promptTokens: number;
  completionTokens: number;
  quota: number;
  channelId: number;
  useTimeS: number;
  isStream: boolean;
  group: string;
  content: string;
  other: Record<string, unknown>;
}

/**
 * How long finished requests wait to be written together. The journal keeps them safe meanwhile and /api reads
 * flush first, so the window only trades database work for batching: at c=64, 50 ms instead of 5 ms cut the
 * commit cost from about 4 % of the CPU to 1.5 %.
 */
const FLUSH_DELAY_MS = Number(process.env.SETTLEMENT_FLUSH_MS ?? 50);

/**
 * Moves quota for relay requests. Every write is a conditional SQL update, so balances never go negative and
 * concurrent requests never spend the same quota twice, on any dialect and across nodes. The cached balances of
 * the caller (shared with TokenAuth's cache) follow each write, for the trust shortcut.
 */
export class Ledger {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private journal: LedgerJournal | undefined;
  private journalBroken = false;
  private journalWrite: Promise<void> | undefined;

  constructor(private readonly ctx: AppContext) {
    ctx.onFlush(() => this.flush());
  }

  /**
   * Starts journaling settlements to `dir` (see {@link LedgerJournal}), after replaying what a crashed
   * process left there. Without a journal, a crash loses the settlements of the last few milliseconds.
   */
  async openJournal(dir: string): Promise<void> {
    this.journal = await LedgerJournal.open(dir, this.ctx.db, (batch, mark) =>
      writeSettlements(this.ctx.db, batch, mark),
    );
  }

  /** Final flush at shutdown; the journal is emptied only when everything reached the database. */
  async close(): Promise<void> {
    await this.flush();
    const journal = this.journal;
    this.journal = undefined;
    if (!journal) return;
    this.writeStaged(journal);
    if (this.queue.length === 0) journal.close();
  }

  /**
   * Reserves `amount` before the upstream call. Callers holding over 100× the amount are trusted and reserve
   * nothing (new-api's shortcut), which keeps the hot path free of writes; the full charge is settled after.
   */
  async reserve(caller: RelayCaller, amount: number, playground: boolean): Promise<number> {
    const { user, token } = caller;
    if (user.quota <= 0) throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
    const reserved = trustShortcut({
      userQuota: user.quota,
      tokenQuota: token.remainQuota,
      unlimitedQuota: token.unlimited || playground,
      preConsumedQuota: amount,
    });
    if (reserved <= 0) return 0;
    await this.ctx.db.transaction().execute(async (trx) => {
      const u = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '-', reserved) }))
        .where('id', '=', user.id)
        .where('quota', '>=', reserved)
        .executeTakeFirst();
      if (Number(u.numUpdatedRows) !== 1) {
        throw relayError(403, 'relay.userQuotaInsufficient', {}, 'insufficient_user_quota');
      }
      if (playground || token.unlimited) return;
      const t = await trx
        .updateTable('tokens')
        .set((eb) => ({ remain_quota: eb('remain_quota', '-', reserved) }))
        .where('id', '=', token.id)
        .where('remain_quota', '>=', reserved)
        .executeTakeFirst();
      if (Number(t.numUpdatedRows) !== 1) {
        throw relayError(403, 'token.quotaInsufficient', {}, 'pre_consume_token_quota_failed');
      }
    });
    user.quota -= reserved;
    if (!playground && !token.unlimited) token.remainQuota -= reserved;
    return reserved;
  }

  /** Gives a reservation back (the request failed before anything was delivered). */
  refund(caller: RelayCaller, reserved: number, playground: boolean): Promise<void> | undefined {
    return reserved > 0 ? this.enqueue(caller, -reserved, 0, playground, undefined) : undefined;
  }

  /**
   * Charges the final quota: the difference to the reservation, usage counters, the log row, hourly data.
   * The caller's cached balances change at once; the rows are written by the next flush, a few milliseconds
   * later, in one transaction with the other requests that finished meanwhile. A balance that falls below the
   * warning threshold here triggers the quota warning (reference §5.8), in the background. Resolves once the
   * settlement is in the journal: callers finish their response after that.
   */
  settle(
    caller: RelayCaller,
    reserved: number,
    record: ConsumeRecord,
    playground: boolean,
  ): Promise<void> | undefined {
    // The balance before this request: its reservation was taken off the cached balance already.
    const before = caller.user.quota + reserved;
    const journaled = this.enqueue(caller, record.quota - reserved, record.quota, playground, record);
    const { user } = caller;
    if (record.quota !== 0)
      warnOnQuotaCrossing(this.ctx, user.id, user.quotaWarningThreshold, before, user.quota);
    return journaled;
  }

  private enqueue(
    caller: RelayCaller,
    delta: number,
    used: number,
    playground: boolean,
    record: ConsumeRecord | undefined,
  ): Promise<void> | undefined {
    const { user, token } = caller;
    const now = this.ctx.now();
    const o = this.ctx.options;
    const entry: Settlement = {
      userId: user.id,
      tokenId: playground ? 0 : token.id,
      tokenUnlimited: playground || token.unlimited,
      delta,
      used,
      counted: record !== undefined,
      channelId: record?.channelId ?? 0,
      ...(record && o.bool('LogConsumeEnabled') ? { log: this.logRow(caller, record, now, playground) } : {}),
      ...(record && o.bool('DataExportEnabled')
        ? {
            hourly: {
              userId: user.id,
              username: user.username,
              model: record.modelName,
              hour: now - (now % 3600),
              tokens: record.promptTokens + record.completionTokens,
              quota: record.quota,
            },
          }
        : {}),
    };
    this.queue.push(entry);
    user.quota = Math.max(0, user.quota - delta);
    if (!playground && !token.unlimited) token.remainQuota = Math.max(0, token.remainQuota - delta);
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
    while (this.writing) await this.writing;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    const journal = this.journal;
    const mark = journal?.cut();
    this.writing = writeSettlements(this.ctx.db, batch, mark)
      .then(() => journal?.committed())
      .catch((err: unknown) => {
        // Keep the rows for the next flush rather than lose money; the database may be back by then.
        this.queue.unshift(...batch);
        console.error('switchboard: writing settlements failed, will retry:', (err as Error).message);
        this.timer ??= setTimeout(() => void this.flush(), 1000);
      })
      .finally(() => {
        this.writing = undefined;
      });
    await this.writing;
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
