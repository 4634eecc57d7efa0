import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDb } from '../../db/database.js';
import { CrashRig } from '../../testing/crash-replay.js';

describe('settlements survive a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-crash-'));
  const rig = new CrashRig(dataDir);

  beforeAll(() => rig.start());
  afterAll(() => rig.stop());

  /** Reads the database file directly, with no server running. */
  const ledgerState = async () => {
    const db = await createDb({ dialect: 'sqlite', url: join(dataDir, 'switchboard.db') });
    try {
      const root = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const logs = await db.selectFrom('logs').select('quota').where('type', '=', 2).execute();
      return { ...root, logs: logs.length, logged: logs.reduce((n, l) => n + l.quota, 0) };
    } finally {
      await db.destroy();
    }
  };

  it('replays every settlement a killed process had only journaled, exactly once', async () => {
    await rig.killAndReplay(ledgerState);
  }, 60_000);
});
