import type { Db } from '../../db/database.js';
import type { Holds } from './holds.js';
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
 * The ledger's settlements on their way to the database: each is appended to the journal before its response
 * ends, queued, and written with the others of its flush in one transaction. A failed write keeps its rows for
 * the next flush; nothing queued is ever dropped.
 */
export class SettlementQueue {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private journal: LedgerJournal | undefined;
  private journalBroken = false;
  private journalWrite: Promise<void> | undefined;
  private writer: SettlementWriter;
  /**
   * Batch writes finished so far, committed or not: a balance read while one was under way may or may not
   * include it (a failed write may have committed before its writer died).
   */
  writes = 0;
  /** `performance.now()` when the first settlement of the queue, and of the batch being written, came. */
  private queuedAt = 0;
  private writingAt = 0;
  private writingCount = 0;

  constructor(
    private readonly db: Db,
    /** Where the queued settlements are counted as unflushed until written. */
    private readonly holds: Holds,
    /** `LOG_SQL_DSN`'s database: the consume logs go there (see writeSettlementLogs). */
    private readonly logDb: Db = db,
    /** Told of each batch once it is written (the budgets' unflushed spend). */
    private readonly written?: (batch: Settlement[]) => void,
  ) {
    this.writer = inThreadWriter(db, undefined, logDb);
  }

  /**
   * Starts journaling settlements to `dir` (see {@link LedgerJournal}), after replaying what a crashed
   * process left there. Without a journal, a crash loses the settlements of the last few milliseconds.
   */
  async openJournal(dir: string): Promise<void> {
    this.journal = await LedgerJournal.open(dir, this.db, (batch, journal) =>
      writeSettlements(this.db, batch, journal, this.logDb),
    );
    this.writer = settlementWriter(this.db, this.journal.id, this.logDb);
  }

  /** Final flush at shutdown; the journal is emptied only when everything reached the database. */
  async close(): Promise<boolean> {
    await this.flush();
    await this.writer.close();
    this.writer = inThreadWriter(this.db, this.journal?.id, this.logDb);
    const journal = this.journal;
    this.journal = undefined;
    if (journal) {
      this.writeStaged(journal);
      if (this.queue.length === 0) journal.close();
    }
    return this.queue.length === 0;
  }

  /** Resolves when no batch is being written. */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  get writing(): boolean {
    return this.inFlight !== undefined;
  }

  /** Queues one settlement; resolves once it is in the journal (undefined when that happened at once). */
  push(entry: Settlement): Promise<void> | undefined {
    if (this.queue.length === 0) this.queuedAt = performance.now();
    this.queue.push(entry);
    this.holds.addUnflushed(entry.userId, entry.tokenUnlimited ? 0 : entry.tokenId, entry.delta);
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

  /** Settlements not yet in the database, how long the oldest has waited, and the journal's size on disk. */
  get backlog(): { queued: number; oldestMs: number; journalBytes: number } {
    const queued = this.queue.length + this.writingCount;
    return {
      queued,
      oldestMs: queued ? performance.now() - (this.writingCount ? this.writingAt : this.queuedAt) : 0,
      journalBytes: this.journal?.bytes() ?? 0,
    };
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
    this.writingCount = batch.length;
    this.writingAt = this.queuedAt;
    const journal = this.journal;
    journal?.cut();
    this.inFlight = this.writer
      .write(batch)
      .then(
        () => {
          this.writes++;
          this.writingCount = 0;
          for (const s of batch)
            this.holds.addUnflushed(s.userId, s.tokenUnlimited ? 0 : s.tokenId, -s.delta);
          this.written?.(batch);
          this.retireJournalFiles(journal);
        },
        (err: unknown) => {
          this.writes++;
          this.writingCount = 0;
          this.queuedAt = this.writingAt;
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
}
