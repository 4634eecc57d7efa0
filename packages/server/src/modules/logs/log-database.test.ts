import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

/* LOG_SQL_DSN: every log written by /api (top-ups, quota changes) and read by it (lists, stats, cleanup) lives in
 * the log database; the main database's logs table stays empty. */

describe.each(testDialects())('logs on a database of their own (%s)', (dialect) => {
  let logDb: TestDb;
  let t: TestApp;
  let root: Caller;
  let user: Caller;

  beforeAll(async () => {
    logDb = await openTestDb(dialect);
    t = await createTestApp({ dialect, logDb: logDb.db });
    root = await t.root();
    user = await t.userWithRole(1, { quota: 100 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await logDb.close();
  });

  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const logRows = (db: TestDb['db']) =>
    db.selectFrom('logs').select(['type', 'user_id', 'quota', 'content']).orderBy('id').execute();

  it('writes the logs of a redemption and of a quota change there, after their change', async () => {
    const codes = await call(root, 'POST', '/api/redemption/', { name: 'logdb', count: 1, quota: 5000 });
    const [key] = codes.json().data as string[];
    expect((await call(user, 'POST', '/api/user/topup', { key })).json()).toMatchObject({
      success: true,
      data: 5000,
    });
    expect((await call(root, 'PUT', '/api/user/', { id: user.id, quota: 7777 })).json().success).toBe(true);
    expect(await logRows(t.ctx.db)).toEqual([]);
    const rows = await logRows(logDb.db);
    expect(rows.map((r) => [r.type, Number(r.user_id)])).toEqual([
      [1, user.id],
      [3, user.id],
    ]);
    const balance = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.quota)).toBe(7777);
  });

  it('lists, searches, sums and deletes them there', async () => {
    const all = (await call(root, 'GET', '/api/log/?p=1&page_size=10')).json().data;
    expect(all.total).toBe(2);
    const own = (await call(user, 'GET', '/api/log/self?p=1&page_size=10')).json().data;
    expect(own.items.map((l: { type: number }) => l.type).sort()).toEqual([1, 3]);
    const search = (await call(user, 'GET', '/api/log/self/search?keyword=')).json().data;
    expect(search).toHaveLength(2);
    const stat = (await call(root, 'GET', '/api/log/stat?type=1')).json();
    expect(stat.success).toBe(true);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await call(root, 'DELETE', `/api/log/?target_timestamp=${future}`)).json()).toMatchObject({
      success: true,
      data: 2,
    });
    expect(await logRows(logDb.db)).toEqual([]);
  });
});
