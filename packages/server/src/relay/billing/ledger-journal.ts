import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Settlement } from './settlement.js';

/** A journal file is retired once it holds this much and everything in it has reached the database. */
const ROTATE_BYTES = 4 * 1024 * 1024;

/** Writes replayed settlements (each carrying its seq) and moves `journal`'s mark, in one transaction. */
export type ApplySettlements = (batch: Settlement[], journal: string) => Promise<void>;
const FILE_RE = /^ledger-(\d+)\.jsonl$/;

/**
 * An append-only file of settlements not yet in the database. Each settlement is written synchronously
 * before its response is finished, so a process crash (kill -9, out of memory, a native fault) loses none:
 * the next start replays every entry past the mark the last committed batch left in `ledger_marks`. Entries
 * are not fsynced, like SQLite's WAL in `synchronous=NORMAL`: the OS keeps them across a process crash, a
 * power cut may lose the last ones.
 */
export class LedgerJournal {
  private fd: number;
  private fileNo: number;
  private seq: number;
  /** Files whose entries are all in the batch being written or earlier: deleted once it commits. */
  private retiring: string[] = [];

  private constructor(
    private readonly dir: string,
    readonly id: string,
    fileNo: number,
    seq: number,
    private readonly rotateBytes: number,
  ) {
    this.fileNo = fileNo;
    this.seq = seq;
    this.fd = openSync(this.path(fileNo), 'a');
  }

  /**
   * Opens the journal in `dir`, first writing to the database whatever a previous process left unapplied.
   * `apply` must write the settlements and the mark in one transaction.
   */
  static async open(
    dir: string,
    db: Kysely<Database>,
    apply: ApplySettlements,
    rotateBytes = ROTATE_BYTES,
  ): Promise<LedgerJournal> {
    mkdirSync(dir, { recursive: true });
    const idFile = join(dir, 'journal-id');
    if (!existsSync(idFile)) writeFileSync(idFile, randomBytes(12).toString('hex'));
    const id = readFileSync(idFile, 'utf8').trim();
    const files = readdirSync(dir)
      .map((f) => FILE_RE.exec(f))
      .filter((m) => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const row = await db
      .selectFrom('ledger_marks')
      .select('seq')
      .where('journal', '=', id)
      .executeTakeFirst();
    const applied = Number(row?.seq ?? 0);
    let last = applied;
    let pending: Settlement[] = [];
    const flush = async () => {
      if (pending.length) await apply(pending, id);
      pending = [];
    };
    for (const n of files) {
      for (const line of readFileSync(join(dir, `ledger-${n}.jsonl`), 'utf8').split('\n')) {
        const entry = parseJournalLine(line);
        if (!entry?.seq || entry.seq <= applied) continue;
        last = Math.max(last, entry.seq);
        pending.push(entry);
        if (pending.length >= 500) await flush();
      }
    }
    await flush();
    if (last > applied) console.warn(`switchboard: replayed ${last - applied} settlement(s) from ${dir}`);
    for (const n of files) unlinkSync(join(dir, `ledger-${n}.jsonl`));
    return new LedgerJournal(dir, id, (files.at(-1) ?? 0) + 1, last, rotateBytes);
  }

  private staged: string[] = [];

  /** Numbers one settlement (its `seq`) and holds its line for {@link writeStaged}. */
  stage(s: Settlement): void {
    this.seq += 1;
    this.staged.push(`${JSON.stringify([this.seq, s])}\n`);
    s.seq = this.seq;
  }

  /** Writes every staged settlement in one write. */
  writeStaged(): void {
    if (this.staged.length === 0) return;
    const text = this.staged.length === 1 ? this.staged[0]! : this.staged.join('');
    this.staged = [];
    writeSync(this.fd, text);
  }

  /**
   * Called when a batch holding every entry appended so far is taken for writing: a large file is closed
   * and a new one started, the old one to be deleted once that batch commits.
   */
  cut(): void {
    if (fstatSync(this.fd).size < this.rotateBytes) return;
    closeSync(this.fd);
    this.retiring.push(this.path(this.fileNo));
    this.fileNo += 1;
    this.fd = openSync(this.path(this.fileNo), 'a');
  }

  /** The batch taken at the last {@link cut} (and every one before) is in the database. */
  committed(): void {
    for (const f of this.retiring.splice(0)) unlinkSync(f);
  }

  /** Bytes in the journal's files (the one being appended and those awaiting their batch's commit). */
  bytes(): number {
    let total = fstatSync(this.fd).size;
    for (const f of this.retiring) {
      try {
        total += statSync(f).size;
      } catch {
        // Deleted meanwhile.
      }
    }
    return total;
  }

  /** Everything is in the database: nothing to replay at the next start. */
  close(): void {
    closeSync(this.fd);
    this.committed();
    unlinkSync(this.path(this.fileNo));
  }

  private path(n: number): string {
    return join(this.dir, `ledger-${n}.jsonl`);
  }
}

/**
 * The settlement on one journal line, numbered. A torn last line (the process died inside the write) reads as
 * undefined and is skipped: its response was never finished.
 */
export function parseJournalLine(line: string): Settlement | undefined {
  if (!line) return undefined;
  try {
    const v = JSON.parse(line) as unknown;
    if (!Array.isArray(v) || typeof v[0] !== 'number') return undefined;
    const s = v[1] as Settlement;
    s.seq = v[0];
    return s;
  } catch {
    return undefined;
  }
}
