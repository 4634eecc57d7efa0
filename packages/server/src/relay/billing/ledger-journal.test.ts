import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userSettlement } from '../../testing/settlements.js';
import { openTestDb, type TestDb } from '../../testing/test-db.js';
import { LedgerJournal } from './ledger-journal.js';
import type { Settlement } from './settlement.js';
import { writeSettlements } from './write-settlements.js';

const settlement = (delta: number): Settlement => userSettlement(1, delta);

/** Stages and writes one settlement, as the ledger does for the first one of an event-loop turn. */
const append = (j: LedgerJournal, s: Settlement) => {
  j.stage(s);
  j.writeStaged();
  return s;
};

describe('LedgerJournal', () => {
  let t: TestDb;
  let dir: string;
  let applied: { deltas: number[]; seqs: (number | undefined)[]; journal: string }[];

  beforeEach(async () => {
    t = await openTestDb();
    await t.db.insertInto('users').values({ username: 'u', password: 'x', quota: 1000 }).execute();
    dir = mkdtempSync(join(tmpdir(), 'swb-journal-'));
    applied = [];
  });
  afterEach(() => t.close());

  const open = (rotateBytes?: number) =>
    LedgerJournal.open(
      dir,
      t.db,
      async (batch, journal) => {
        applied.push({ deltas: batch.map((s) => s.delta), seqs: batch.map((s) => s.seq), journal });
        await writeSettlements(t.db, batch, journal);
      },
      rotateBytes,
    );
  const quota = async () =>
    (await t.db.selectFrom('users').select('quota').where('id', '=', 1).executeTakeFirstOrThrow()).quota;
  const files = () => readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

  it('replays what was journaled but never committed, then nothing on the next start', async () => {
    const j = await open();
    for (const d of [10, 20, 30]) append(j, settlement(d));
    await open();
    expect(applied).toEqual([{ deltas: [10, 20, 30], seqs: [1, 2, 3], journal: j.id }]);
    expect(await quota()).toBe(940);
    await open();
    expect(applied).toHaveLength(1);
    expect(await quota()).toBe(940);
  });

  it('skips entries a committed batch already carried, and keeps numbering after them', async () => {
    const j = await open();
    const batch = [append(j, settlement(5)), append(j, settlement(6))];
    j.cut();
    await writeSettlements(t.db, batch, j.id);
    j.committed();
    append(j, settlement(7)); // journaled, crash before its flush
    const j2 = await open();
    expect(applied).toEqual([{ deltas: [7], seqs: [3], journal: j.id }]);
    expect(await quota()).toBe(1000 - 18);
    expect(append(j2, settlement(1)).seq).toBe(4);
  });

  it('takes a batch written twice once, however it was merged with newer entries', async () => {
    const j = await open();
    const first = [append(j, settlement(5)), append(j, settlement(6))];
    await writeSettlements(t.db, first, j.id);
    // The writer died before it reported: the batch is written again, together with what came since.
    await writeSettlements(t.db, [...first, append(j, settlement(7))], j.id);
    await writeSettlements(t.db, first, j.id);
    expect(await quota()).toBe(1000 - 18);
    const marks = await t.db.selectFrom('ledger_marks').select('seq').where('journal', '=', j.id).execute();
    expect(marks.map((m) => Number(m.seq))).toEqual([3]);
  });

  it('ignores a line torn by the crash', async () => {
    const j = await open();
    append(j, settlement(10));
    appendFileSync(join(dir, files()[0]!), '[2,{"userId":1,"tok');
    await open();
    expect(applied.map((a) => a.deltas)).toEqual([[10]]);
  });

  it('starts a new file when the current one is large, and deletes the old one once its batch commits', async () => {
    const j = await open(200);
    const batch = Array.from({ length: 5 }, () => append(j, settlement(1)));
    j.cut();
    append(j, settlement(2)); // lands in the new file while the batch is being written
    expect(files()).toHaveLength(2);
    await writeSettlements(t.db, batch, j.id);
    j.committed();
    expect(files()).toHaveLength(1);
    await open();
    expect(applied.map((a) => a.deltas)).toEqual([[2]]);
    expect(await quota()).toBe(1000 - 7);
  });

  it('leaves nothing to replay after a clean close', async () => {
    const j = await open();
    const batch = [append(j, settlement(3))];
    j.cut();
    await writeSettlements(t.db, batch, j.id);
    j.close();
    expect(files()).toEqual([]);
    await open();
    expect(applied).toEqual([]);
  });
});
