import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { insertReturningId } from '../../db/insert-id.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openTestDb, testDialects } from '../../testing/test-db.js';
import { Holds } from './holds.js';
import { LedgerJournal } from './ledger-journal.js';
import type { Settlement } from './settlement.js';
import { SettlementQueue } from './settlement-queue.js';
import { writeSettlementLogs, writeSettlements } from './write-settlements.js';

/*
 * LOG_SQL_DSN: consume logs on a database of their own. The two databases share no transaction, so the money
 * invariant (final balance + logged consumption = start) rests on each side's own journal mark.
 */

const START = 1_000_000;

/** Two databases of `kind`: SQLite files, or two throw-away databases on the shared PostgreSQL / MySQL. */
async function twoDatabases(kind: string): Promise<{ main: Db; logs: Db; close(): Promise<void> }> {
  if (kind === 'sqlite files') {
    const dir = mkdtempSync(join(tmpdir(), 'swb-logdb-'));
    const [main, logs] = await Promise.all(
      ['main.db', 'logs.db'].map((f) => createDb({ dialect: 'sqlite', url: join(dir, f) })),
    );
    await migrateToLatest(main!);
    await migrateToLatest(logs!);
    return {
      main: main!,
      logs: logs!,
      close: async () => void (await Promise.all([main!, logs!].map((d) => d.destroy()))),
    };
  }
  const [a, b] = await Promise.all([openTestDb(kind as never), openTestDb(kind as never)]);
  return { main: a.db, logs: b.db, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

const kinds = ['sqlite files', ...testDialects().filter((d) => d !== 'sqlite')];

describe.each(kinds)('settlements with logs on a database of their own (%s)', (kind) => {
  let main: Db;
  let logs: Db;
  let close: () => Promise<void>;
  let userId: number;
  let seq = 0;

  beforeAll(async () => {
    ({ main, logs, close } = await twoDatabases(kind));
    userId = await insertReturningId(main, 'users', { username: 'u', password: 'x', quota: START });
  });
  afterAll(() => close());

  const entry = (quota: number): Settlement => ({
    seq: ++seq,
    userId,
    tokenId: 0,
    tokenUnlimited: true,
    delta: quota,
    used: quota,
    counted: true,
    channelId: 0,
    log: { user_id: userId, username: 'u', created_at: 7200 + seq, type: 2, model_name: 'm', quota },
  });

  /** The invariant, read from both databases: start = balance + logged consumption; no log in the main one. */
  async function ledger() {
    const user = await main
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await logs.selectFrom('logs').select('quota').where('user_id', '=', userId).execute();
    const logged = rows.reduce((n, r) => n + Number(r.quota), 0);
    const inMain = await main.selectFrom('logs').select('id').execute();
    expect(inMain).toEqual([]);
    expect(Number(user.quota) + logged).toBe(START);
    expect(Number(user.used_quota)).toBe(logged);
    return { quota: Number(user.quota), logs: rows.length, requests: Number(user.request_count) };
  }

  it('writes balances to the main database and logs to the log database, each once', async () => {
    const batch = [entry(100), entry(250), { ...entry(0), log: undefined }];
    await writeSettlements(main, batch, 'node-a', logs);
    expect(await ledger()).toEqual({ quota: START - 350, logs: 2, requests: 3 });
    // The same batch again (a retried write, a replay): both sides skip what their marks say is in.
    await writeSettlements(main, batch, 'node-a', logs);
    expect(await ledger()).toEqual({ quota: START - 350, logs: 2, requests: 3 });
  });

  it('a crash between the two commits: the replay adds the missing charges, and no log twice', async () => {
    const batch = [entry(40), entry(60)];
    // Logs committed, then the process died before the balances' transaction.
    await writeSettlementLogs(logs, batch, 'node-a');
    const between = await logs.selectFrom('logs').select('id').where('user_id', '=', userId).execute();
    expect(between).toHaveLength(4);
    await writeSettlements(main, batch, 'node-a', logs);
    expect(await ledger()).toEqual({ quota: START - 450, logs: 4, requests: 5 });
  });

  it('replays a journal left by a killed process into both databases', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swb-logdb-journal-'));
    const journal = await LedgerJournal.open(dir, main, () => Promise.resolve());
    const journaled = [70, 30, 5].map((q) => {
      const s = entry(q);
      delete s.seq; // numbered by the journal
      journal.stage(s);
      return s;
    });
    journal.writeStaged();
    // Killed here: the entries are in the journal only, and (as if the crash came mid-write) two of their logs
    // were committed.
    await writeSettlementLogs(logs, journaled.slice(0, 2), journal.id);
    const second = new SettlementQueue(main, new Holds(), logs);
    await second.openJournal(dir);
    expect(await ledger()).toEqual({ quota: START - 555, logs: 7, requests: 8 });
    await second.close();
  });
});
