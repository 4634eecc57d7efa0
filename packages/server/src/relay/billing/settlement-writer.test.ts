import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { insertReturningId } from '../../db/insert-id.js';
import { migrateToLatest } from '../../db/migrate.js';
import { userSettlement } from '../../testing/settlements.js';
import { LedgerJournal } from './ledger-journal.js';
import { writeSettlements } from './write-settlements.js';
import type { WorkerWriter } from './settlement-writer.js';
import { settlementWriter, type SettlementWriter } from './settlement-writer.js';

describe('settlements written by the worker thread', () => {
  let db: Db;
  let journal: LedgerJournal;
  let writer: SettlementWriter;
  let userId: number;

  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swb-writer-'));
    db = await createDb({ dialect: 'sqlite', url: join(dir, 'a.db') });
    await migrateToLatest(db);
    userId = await insertReturningId(db, 'users', { username: 'u', password: 'x', quota: 10_000 });
    journal = await LedgerJournal.open(join(dir, 'ledger'), db, (batch, id) =>
      writeSettlements(db, batch, id),
    );
    writer = settlementWriter(db, journal.id);
  });
  afterEach(async () => {
    await writer.close();
    await db.destroy();
  });

  /** Settlements journaled (and so numbered) as the ledger does. */
  const journaled = (...deltas: number[]) => {
    const batch = deltas.map((delta) =>
      userSettlement(userId, delta, {
        log: { user_id: userId, username: 'u', created_at: 1, model_name: 'm', quota: delta },
      }),
    );
    for (const s of batch) journal.stage(s);
    return batch;
  };
  const state = async () => ({
    quota: (await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow())
      .quota,
    logs: (await db.selectFrom('logs').select('id').execute()).length,
  });

  it('runs on a worker for a SQLite file with a journal, and its commits are what the main connection reads', async () => {
    expect(writer.thread).toBe('worker');
    await writer.write(journaled(100, 50));
    expect(await state()).toEqual({ quota: 9_850, logs: 2 });
  });

  it('stays on the event loop for a database in memory or without a journal', async () => {
    const memory = await createDb({ dialect: 'sqlite', url: ':memory:' });
    expect(settlementWriter(memory, journal.id).thread).toBe('event loop');
    expect(settlementWriter(db, undefined).thread).toBe('event loop');
    await memory.destroy();
  });

  it.each(['before', 'after'] as const)(
    'a worker dying %s its commit: the batch is written on the event loop, each entry once',
    async (when) => {
      const batch = journaled(100, 50);
      await (writer as WorkerWriter).write(batch, when);
      expect(writer.thread).toBe('event loop');
      expect(await state()).toEqual({ quota: 9_850, logs: 2 });
      await writer.write([...batch, ...journaled(7)]);
      expect(await state()).toEqual({ quota: 9_843, logs: 3 });
    },
  );

  it('a main-connection transaction that reads, then writes after a worker commit, waits instead of failing', async () => {
    await writer.write([]); // the worker is up
    let wrote: Promise<void> | undefined;
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      wrote = writer.write(journaled(10));
      await new Promise((r) => setTimeout(r, 50));
      await trx
        .updateTable('users')
        .set({ quota: before.quota + 1 })
        .where('id', '=', userId)
        .execute();
    });
    await wrote;
    expect((await state()).quota).toBe(10_000 + 1 - 10);
  });
});
