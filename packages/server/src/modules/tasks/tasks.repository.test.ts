import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { listDrawings, listTasks } from './tasks.repository.js';

describe.each(testDialects())('tasks repository on %s', (dialect) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openTestDb(dialect);
    const mjText = {
      prompt: '',
      prompt_en: '',
      description: '',
      image_url: '',
      fail_reason: '',
      buttons: '',
      properties: '',
    };
    await db.db
      .insertInto('midjourneys')
      .values([
        { ...mjText, user_id: 1, mj_id: 'a', submit_time: 1_000_000, channel_id: 1 },
        { ...mjText, user_id: 2, mj_id: 'b', submit_time: 2_000_000, channel_id: 2 },
      ])
      .execute();
    const taskText = { fail_reason: '', properties: '', data: '' };
    await db.db
      .insertInto('tasks')
      .values([
        { ...taskText, user_id: 1, task_id: 'x', status: 'SUCCESS', submit_time: 100 },
        { ...taskText, user_id: 1, task_id: 'y', status: 'FAILURE', submit_time: 200 },
      ])
      .execute();
  });
  afterAll(() => db.close());

  it('pages drawings newest first with the total of the filter', async () => {
    const { rows, total } = await listDrawings(db.db, { fromMs: 1_500_000 }, 10, 0);
    expect(total).toBe(1);
    expect(rows[0]!.mj_id).toBe('b');
    expect((await listDrawings(db.db, {}, 1, 1)).rows[0]!.mj_id).toBe('a');
  });

  it('filters tasks by user, status and time', async () => {
    expect((await listTasks(db.db, { userId: 1, status: 'FAILURE' }, 10, 0)).total).toBe(1);
    expect(
      (await listTasks(db.db, { start_timestamp: 150, end_timestamp: 250 }, 10, 0)).rows[0]!.task_id,
    ).toBe('y');
  });
});
