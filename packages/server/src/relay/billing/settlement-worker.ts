// The settlement writer's thread: its own connection to the SQLite file, writing the batches the ledger sends.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { writeSettlementsToSqlite } from './write-settlements-sqlite.js';
import type { Settlement } from './settlement.js';
import { heapKeeper } from './worker-heap.js';

export interface SettlementWorkerData {
  path: string;
  journal: string;
}

export type SettlementJob =
  { id: number; batch: Settlement[]; testCrash?: 'before' | 'after' | undefined } | { close: true };
export type SettlementReply = { id: number; error?: string };

const { path, journal } = workerData as SettlementWorkerData;
const db = new SQLite(path);
// Per-connection settings, as the main connection has them (WAL is the file's own and already on).
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
// A writer's pages are the logs' right edge and a few rows: 512 KiB of cache rather than SQLite's 2 MiB.
db.pragma('cache_size = -512');

const keepHeap = heapKeeper(2);
const port = parentPort!;
port.on('message', (job: SettlementJob) => {
  if ('close' in job) {
    db.close();
    port.close();
    return;
  }
  try {
    if (job.testCrash === 'before') process.exit(1);
    writeSettlementsToSqlite(db, job.batch, journal);
    if (job.testCrash === 'after') process.exit(1);
    port.postMessage({ id: job.id } satisfies SettlementReply);
    keepHeap();
  } catch (err) {
    port.postMessage({ id: job.id, error: (err as Error).message } satisfies SettlementReply);
  }
});
