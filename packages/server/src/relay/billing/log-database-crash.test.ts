import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database.js';
import { CrashRig } from '../../testing/crash-replay.js';

/*
 * LOG_SQL_DSN with a real server process: logs in one SQLite file, balances in another, the process killed with
 * settlements only in the journal, then started again.
 */
describe('settlements with a log database of their own survive a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-logdb-crash-'));
  const logFile = join(dataDir, 'logs.db');
  const rig = new CrashRig(dataDir, { LOG_SQL_DSN: 'local', LOG_SQLITE_PATH: logFile });

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  /** Reads both database files directly, with no server running; the main one never holds a log. */
  const ledgerState = async () => {
    const db = await createDb({ dialect: 'sqlite', url: join(dataDir, 'switchboard.db') });
    const logDb = await createDb({ dialect: 'sqlite', url: logFile });
    try {
      const root = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(await db.selectFrom('logs').select('id').execute()).toEqual([]);
      const logs = await logDb.selectFrom('logs').select('quota').where('type', '=', 2).execute();
      return { ...root, logs: logs.length, logged: logs.reduce((n, l) => n + l.quota, 0) };
    } finally {
      await db.destroy();
      await logDb.destroy();
    }
  };

  it('replays every settlement a killed process had only journaled into both files, exactly once', async () => {
    await rig.killAndReplay(ledgerState);
  }, 240_000);
});
