import { LogType } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { countLogs, deleteLogsBefore, listLogs, searchLogs, sumConsumed } from './logs.repository.js';

describe.each(testDialects())('logs repository on %s', (dialect) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openTestDb(dialect);
    const row = (createdAt: number, type: number, content: string, model = 'gpt-4o') => ({
      user_id: 1,
      username: 'alice',
      created_at: createdAt,
      type,
      content,
      model_name: model,
      quota: 10,
      prompt_tokens: 3,
      completion_tokens: 4,
      is_stream: 1,
    });
    await db.db
      .insertInto('logs')
      .values([
        row(100, LogType.Consume, 'a_b ok'),
        row(200, LogType.Consume, 'axb', 'claude-3'),
        row(300, LogType.TopUp, '50% bonus'),
      ])
      .execute();
  });
  afterAll(() => db.close());

  it('pages newest first and counts with the same filter', async () => {
    const rows = await listLogs(db.db, { userId: 1 }, 2, 0);
    expect(rows.map((r) => Number(r.created_at))).toEqual([300, 200]);
    expect(await countLogs(db.db, { type: LogType.Consume, start_timestamp: 150 })).toBe(1);
    expect(await countLogs(db.db, { model_name: 'gpt%' })).toBe(2);
  });

  it('sums consumed quota and tokens', async () => {
    expect(await sumConsumed(db.db, {})).toEqual({ quota: 20, tokens: 14, count: 2 });
    expect(await sumConsumed(db.db, { start_timestamp: 1000 })).toEqual({ quota: 0, tokens: 0, count: 0 });
  });

  it('searches content prefixes literally', async () => {
    expect((await searchLogs(db.db, 'a_b', undefined, 10, 0)).total).toBe(1);
    expect((await searchLogs(db.db, '50%', 1, 10, 0)).total).toBe(1);
    expect((await searchLogs(db.db, '2', 1, 10, 0)).total).toBe(2);
  });

  it('deletes rows before a time', async () => {
    expect(await deleteLogsBefore(db.db, 250)).toBe(2);
    expect(await countLogs(db.db, {})).toBe(1);
  });
});
