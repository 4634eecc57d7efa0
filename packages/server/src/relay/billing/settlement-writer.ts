import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/database.js';
import { sqliteHandleOf } from '../../db/database.js';
import { writeSettlements } from './write-settlements.js';
import type { Settlement } from './settlement.js';
import type { SettlementJob, SettlementReply, SettlementWorkerData } from './settlement-worker.js';

/** How the ledger's batches reach the database. */
export interface SettlementWriter {
  readonly thread: 'worker' | 'event loop';
  write(batch: Settlement[]): Promise<void>;
  close(): Promise<void>;
}

/** Batches written on the event loop, on the connection every other query uses (and the log database's). */
export const inThreadWriter = (db: Db, journal: string | undefined, logDb?: Db): SettlementWriter => ({
  thread: 'event loop',
  write: (batch) => writeSettlements(db, batch, journal, logDb),
  close: async () => {},
});

/**
 * The writer for `db`: a worker thread with its own connection when the database is a SQLite file and
 * settlements are journaled, the event loop otherwise. SETTLEMENT_WORKER=off keeps it on the event loop, and so
 * do logs on a database of their own (`LOG_SQL_DSN`), written before each batch's balances.
 */
export function settlementWriter(db: Db, journal: string | undefined, logDb?: Db): SettlementWriter {
  const sqlite = sqliteHandleOf(db);
  if (logDb && logDb !== db) return inThreadWriter(db, journal, logDb);
  if (!sqlite || sqlite.memory || journal === undefined || process.env.SETTLEMENT_WORKER === 'off')
    return inThreadWriter(db, journal);
  return new WorkerWriter(db, { path: sqlite.name, journal });
}

/**
 * Writes batches on a worker thread. Under load the settlement transaction was the largest single cost left on
 * the event loop (about a tenth of it at c=64), and the one that set the p99 at c=1; on its own thread it uses
 * the core the event loop leaves idle, and SQLite's lock orders it with the main connection's writes.
 *
 * Money stays exact through the worker's death: a batch it had not reported is written again on the event loop,
 * and the journal mark (moved in the worker's own transaction) makes the entries it did commit skipped. From then
 * on every batch is written on the event loop.
 */
export class WorkerWriter implements SettlementWriter {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { batch: Settlement[]; resolve: () => void; reject: (err: Error) => void }
  >();
  private readonly fallback: SettlementWriter;

  constructor(db: Db, data: SettlementWorkerData) {
    this.fallback = inThreadWriter(db, data.journal);
    const worker = startWorker(data);
    this.worker = worker;
    // Idle, it must not keep a finished process alive; busy, it must (see write()).
    worker.unref();
    worker.on('message', (reply: SettlementReply) => this.settle(reply));
    worker.on('error', (err) => console.error('switchboard: settlement worker failed:', err.message));
    worker.on('exit', () => this.lost(worker));
  }

  get thread(): SettlementWriter['thread'] {
    return this.worker ? 'worker' : 'event loop';
  }

  /** `testCrash` makes the worker die just before or just after it commits the batch (for tests). */
  write(batch: Settlement[], testCrash?: 'before' | 'after'): Promise<void> {
    const worker = this.worker;
    if (!worker) return this.fallback.write(batch);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { batch, resolve, reject });
      worker.postMessage({ id, batch, testCrash } satisfies SettlementJob);
    });
  }

  /** Called after the ledger's final flush: nothing is waiting. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ close: true } satisfies SettlementJob);
    await exited;
  }

  private settle(reply: SettlementReply): void {
    const job = this.waiting.get(reply.id);
    if (!job) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (reply.error === undefined) job.resolve();
    else job.reject(new Error(reply.error));
  }

  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    console.error(
      'switchboard: settlement worker stopped; writing settlements on the main thread from now on',
    );
    const jobs = [...this.waiting.values()];
    this.waiting.clear();
    void (async () => {
      for (const job of jobs) await this.fallback.write(job.batch).then(job.resolve, job.reject);
    })();
  }
}

/** The worker file beside this module: run through tsx from the sources, built as its own entry in the bundle. */
function startWorker(workerData: SettlementWorkerData): Worker {
  // A small young generation: the worker holds one batch at a time.
  const options = { workerData, resourceLimits: { maxYoungGenerationSizeMb: 3 } };
  if (!import.meta.url.endsWith('.ts'))
    return withOwnYoungGeneration(
      () => new Worker(new URL('./settlement-worker.js', import.meta.url), options),
    );
  // Node 20 does not pass the parent's loader to a worker: tsx registers itself there (as `--import tsx` does)
  // before the module is loaded.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./settlement-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return withOwnYoungGeneration(() => new Worker(boot, { ...options, eval: true }));
}

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size=\d+$/;

/**
 * A worker's heap limits lose to V8 flags, which are the process's: under the server's `--max-semi-space-size=8`
 * this worker grew 16 MB of new space (measured), as much as the event loop's. The flag is cleared while the
 * worker's heap is set up, so its own limit applies, and restored once it runs; the event loop's heap was sized
 * at start-up and keeps its semi-spaces.
 */
function withOwnYoungGeneration(start: () => Worker): Worker {
  const args = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...process.execArgv];
  const flag = args.findLast((a) => SEMI_SPACE_FLAG.test(a));
  if (!flag) return start();
  setFlagsFromString('--max-semi-space-size=0');
  try {
    const worker = start();
    const restore = () => setFlagsFromString(flag);
    worker.once('online', restore).once('exit', restore);
    return worker;
  } catch (err) {
    setFlagsFromString(flag);
    throw err;
  }
}
