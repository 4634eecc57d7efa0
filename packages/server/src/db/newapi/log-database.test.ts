import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseRefused, openLogDatabase } from './start.js';

describe('openLogDatabase (LOG_SQL_DSN)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'swb-logdb-open-'));

  it('migrates an empty database, and opens it again as it is', async () => {
    const url = join(dir, 'fresh.db');
    for (let i = 0; i < 2; i++) {
      const db = await openLogDatabase({ dialect: 'sqlite', url });
      expect(await db.selectFrom('logs').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('ledger_marks').select('seq').execute()).toEqual([]);
      await db.destroy();
    }
  });

  it("refuses new-api's own log database, writing nothing", async () => {
    const url = join(dir, 'newapi-logs.db');
    const raw = new SQLite(url);
    raw.exec('create table logs (id integer primary key, user_id integer, created_at integer, type integer)');
    raw.close();
    await expect(openLogDatabase({ dialect: 'sqlite', url })).rejects.toThrow(DatabaseRefused);
    await expect(openLogDatabase({ dialect: 'sqlite', url })).rejects.toThrow(/new-api's logs table/);
    const after = new SQLite(url, { readonly: true });
    const tables = after.prepare("select name from sqlite_master where type = 'table'").all();
    after.close();
    expect(tables).toEqual([{ name: 'logs' }]);
  });
});
