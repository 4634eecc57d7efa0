import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../db/insert-id.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { createSession } from '../auth/sessions.js';
import { testDialects } from '../../testing/test-db.js';
import { expectRefusal } from '../../testing/refusal.js';

const en = { 'accept-language': 'en' };

describe.each(testDialects())('redemption routes on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let user: Caller;

  const call = (
    who: Caller | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.call({ method, url, headers: { ...(who?.headers ?? {}), ...en }, ...(payload ? { payload } : {}) });
  const createCodes = async (name: string, count = 1, quota = 1000): Promise<string[]> =>
    (await call(admin, 'POST', '/api/redemption/', { name, count, quota })).json().data;
  const idOf = async (key: string) =>
    (await t.ctx.db.selectFrom('redemptions').select('id').where('key', '=', key).executeTakeFirstOrThrow())
      .id;

  /** A user with a live session, without bcrypt (twenty logins would dominate the test's time). */
  const quickUser = async (n: number): Promise<Caller> => {
    const id = await insertReturningId(t.ctx.db, 'users', { username: `race${n}`, password: '-', role: 1 });
    const secret = await createSession(t.ctx.db, id, t.ctx.now(), { ip: '', userAgent: '' });
    return { id, headers: { cookie: `session=${t.app.signCookie(secret)}`, 'new-api-user': String(id) } };
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    admin = await t.userWithRole(10);
    user = await t.userWithRole(1);
  });
  afterAll(() => t.close());

  it('creates a batch of 32-hex codes in one go', async () => {
    const keys = await createCodes('batch', 5);
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(5);
  });

  it('rejects invalid batches with the spec message and writes nothing', async () => {
    const res = await call(admin, 'POST', '/api/redemption/', { name: 'toomany', count: 101, quota: 1 });
    expectRefusal(res);
    expect(res.json()).toEqual({ success: false, message: 'at most 100 codes can be created at once' });
    expectRefusal(await call(admin, 'POST', '/api/redemption/', { name: 'x'.repeat(21) }));
    expectRefusal(await call(admin, 'POST', '/api/redemption/', { name: 'q', quota: 1.5 }));
    const search = await call(admin, 'GET', '/api/redemption/search?keyword=toomany');
    expect(search.json().data.total).toBe(0);
  });

  it('is admin-only', async () => {
    expectRefusal(await call(user, 'GET', '/api/redemption/'));
    expectRefusal(await call(user, 'POST', '/api/redemption/', { name: 'n' }));
    expectRefusal(await call(user, 'PUT', '/api/redemption/', { id: 1, name: 'n' }));
    expectRefusal(await call(user, 'DELETE', '/api/redemption/1'));
    expect((await call(null, 'GET', '/api/redemption/1')).statusCode).toBe(401);
  });

  it('lists newest first, paged, and searches by id or name prefix', async () => {
    const [key] = await createCodes('prefix-test');
    const id = await idOf(key!);
    const list = (await call(admin, 'GET', '/api/redemption/?p=1&page_size=2')).json().data;
    expect(list).toMatchObject({ page: 1, page_size: 2 });
    expect(list.items[0]).toMatchObject({
      id,
      key,
      status: 1,
      name: 'prefix-test',
      quota: 1000,
      used_user_id: 0,
    });
    expect(list.items[0].id).toBeGreaterThan(list.items[1].id);
    const byName = (await call(admin, 'GET', '/api/redemption/search?keyword=prefix')).json().data;
    expect(byName.items.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await call(admin, 'GET', '/api/redemption/search?keyword=test')).json().data.total).toBe(0);
    const byId = (await call(admin, 'GET', `/api/redemption/search?keyword=${id}`)).json().data;
    expect(byId.items.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await call(admin, 'GET', `/api/redemption/${id}`)).json().data.key).toBe(key);
    expectRefusal(await call(admin, 'GET', '/api/redemption/999999'));
    expectRefusal(await call(admin, 'GET', '/api/redemption/x'));
  });

  it('edits unused codes and toggles their status', async () => {
    const id = await idOf((await createCodes('edit'))[0]!);
    const edited = await call(admin, 'PUT', '/api/redemption/', { id, name: 'edited', quota: 5 });
    expect(edited.json().data).toMatchObject({ id, name: 'edited', quota: 5, status: 1 });
    expectRefusal(await call(admin, 'PUT', '/api/redemption/', { id, quota: -1 }));
    const off = await call(admin, 'PUT', '/api/redemption/?status_only=true', { id, status: 2 });
    expect(off.json().data.status).toBe(2);
    expectRefusal(await call(admin, 'PUT', '/api/redemption/?status_only=true', { id, status: 3 }));
    expectRefusal(await call(admin, 'PUT', '/api/redemption/', { id: 999999, name: 'n' }));
  });

  it('redeems a code once: credits quota, logs a top-up, then refuses', async () => {
    const [key] = await createCodes('redeem', 1, 250_000);
    const res = await call(user, 'POST', '/api/user/topup', { key });
    expect(res.json()).toEqual({ success: true, message: '', data: 250_000 });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.quota).toBe(250_000);
    const log = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 1, content: '通过兑换码充值 ＄0.500000 额度' });
    const again = await call(user, 'POST', '/api/user/topup', { key });
    expectRefusal(again);
    expect(again.json().message).toBe('this redemption code has already been used');

    const id = await idOf(key!);
    const code = (await call(admin, 'GET', `/api/redemption/${id}`)).json().data;
    expect(code).toMatchObject({ status: 3, used_user_id: user.id });
    expect(code.redeemed_time).toBeGreaterThan(0);
    const enable = await call(admin, 'PUT', '/api/redemption/?status_only=true', { id, status: 1 });
    expectRefusal(enable);
    expect(enable.json().message).toBe('a used code cannot be enabled');
    expectRefusal(await call(admin, 'PUT', '/api/redemption/?status_only=true', { id, status: 2 }));
    const edit = await call(admin, 'PUT', '/api/redemption/', { id, quota: 1 });
    expect(edit.json()).toEqual({ success: false, message: 'only unused codes can be edited' });
  });

  it('refuses unknown, disabled and deleted codes with one message', async () => {
    const [disabled, deleted] = await createCodes('refuse', 2);
    await call(admin, 'PUT', '/api/redemption/?status_only=true', { id: await idOf(disabled!), status: 2 });
    expect((await call(admin, 'DELETE', `/api/redemption/${await idOf(deleted!)}`)).json().success).toBe(
      true,
    );
    for (const key of ['0'.repeat(32), disabled, deleted]) {
      const res = await call(user, 'POST', '/api/user/topup', { key });
      expect(res.json()).toEqual({ success: false, message: 'invalid redemption code' });
    }
    expect((await call(user, 'POST', '/api/user/topup', { key: ' ' })).json().message).toBe(
      'please enter the redemption code',
    );
    expect((await call(null, 'POST', '/api/user/topup', { key: disabled })).statusCode).toBe(401);
    expectRefusal(await call(admin, 'DELETE', `/api/redemption/${await idOf(deleted!)}`));
  });

  it('credits exactly one of twenty concurrent redemptions of one code', async () => {
    const [key] = await createCodes('race', 1, 777);
    const users = await Promise.all(Array.from({ length: 20 }, (_, n) => quickUser(n)));
    const results = await Promise.all(users.map((u) => call(u, 'POST', '/api/user/topup', { key })));
    const winners = results.filter((r) => r.json().success);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode === 200 && !r.json().success);
    expect(losers.map((r) => r.json().message)).toEqual(
      Array(19).fill('this redemption code has already been used'),
    );
    const ids = users.map((u) => u.id);
    const credited = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'quota'])
      .where('id', 'in', ids)
      .execute();
    expect(credited.filter((u) => u.quota !== 0)).toEqual([{ id: expect.any(Number), quota: 777 }]);
    const logs = await t.ctx.db.selectFrom('logs').select('user_id').where('user_id', 'in', ids).execute();
    expect(logs).toEqual([{ user_id: credited.find((u) => u.quota === 777)!.id }]);
  });
});
