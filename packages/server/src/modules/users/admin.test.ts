import { UserSchema } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';
import { accessTokenCaller, expectTokenRevoked, selfWith } from '../../testing/access-token.js';

let t: TestApp;
let root: Caller;
let admin: Caller;
let common: Caller;
const en = { 'accept-language': 'en' };
const as = (c: Caller) => ({ ...c.headers, ...en });
const userRow = (id: number) =>
  t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  admin = await t.userWithRole(10, { username: 'admin1' });
  common = await t.userWithRole(1, { username: 'carol', group: 'vip' });
});
afterAll(() => t.close());

describe('GET /api/user/ and /api/user/search', () => {
  it('pages users newest first, soft-deleted ones with DeletedAt set', async () => {
    const gone = await t.userWithRole(1, { username: 'gone' });
    await t.ctx.db
      .updateTable('users')
      .set({ deleted_at: 1_700_000_000 })
      .where('id', '=', gone.id)
      .execute();
    const res = await t.call({ method: 'GET', url: '/api/user/?p=1&page_size=2', headers: as(admin) });
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, page_size: 2, total: 4 });
    expect(data.items.map((u: { id: number }) => u.id)).toEqual([gone.id, common.id]);
    expect(UserSchema.strict().parse(data.items[0]).DeletedAt).toBe('2023-11-14T22:13:20.000Z');
    expect(data.items[1].DeletedAt).toBeNull();
  });

  it('searches by id, name prefix or group', async () => {
    const search = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/user/search?${query}`, headers: as(admin) })).json().data;
    expect((await search(`keyword=${common.id}`)).items.map((u: { id: number }) => u.id)).toContain(
      common.id,
    );
    expect((await search('keyword=car')).items.map((u: { username: string }) => u.username)).toEqual([
      'carol',
    ]);
    expect((await search('group=vip')).total).toBe(1);
    expect((await search('keyword=nobody')).total).toBe(0);
  });

  it('is for admins only (403) and checks paging (400)', async () => {
    expectRefusal(await t.call({ method: 'GET', url: '/api/user/', headers: as(common) }));
    expectRefusal(await t.call({ method: 'GET', url: '/api/user/search', headers: as(common) }));
    expectRefusal(await t.call({ method: 'GET', url: '/api/user/?p=x', headers: as(admin) }));
  });
});

describe('GET /api/user/:id', () => {
  it('shows lower users; root sees everyone', async () => {
    const res = await t.call({ method: 'GET', url: `/api/user/${common.id}`, headers: as(admin) });
    expect(res.json().data).toMatchObject({ id: common.id, username: 'carol', password: '' });
    const peer = await t.call({ method: 'GET', url: `/api/user/${admin.id}`, headers: as(root) });
    expect(peer.json().data.role).toBe(10);
  });

  it('refuses same or higher roles (403), unknown ids (404), bad ids (400)', async () => {
    const res = await t.call({ method: 'GET', url: `/api/user/${root.id}`, headers: as(admin) });
    expectRefusal(res);
    expect(res.json().message).toBe('no access to the information of users at the same or a higher level');
    expectRefusal(await t.call({ method: 'GET', url: '/api/user/9999', headers: as(admin) }));
    expectRefusal(await t.call({ method: 'GET', url: '/api/user/abc', headers: as(admin) }));
  });
});

describe('POST /api/user/', () => {
  const create = (c: Caller, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/user/', headers: as(c), payload });

  it('creates a common user that can log in', async () => {
    await t.ctx.options.set('QuotaForNewUser', '77');
    const res = await create(admin, { username: 'dave', password: 'password123', display_name: 'Dave' });
    expect(res.json()).toEqual({ success: true, message: '' });
    const dave = await t.login('dave', 'password123');
    expect(await userRow(dave.id)).toMatchObject({ role: 1, display_name: 'Dave', quota: 77 });
  });

  it('refuses roles at or above the caller (403), taken names (409), missing fields (400)', async () => {
    let res = await create(admin, { username: 'eve', password: 'password123', role: 10 });
    expectRefusal(res);
    expect(res.json().message).toBe('cannot create users with a role at or above your own');
    res = await create(admin, { username: 'carol', password: 'password123' });
    expectRefusal(res);
    res = await create(admin, { username: 'eve' });
    expectRefusal(res);
    expect(res.json().message).toBe('username and password must not be empty');
    expectRefusal(await create(common, { username: 'eve', password: 'password123' }));
  });
});

describe('PUT /api/user/', () => {
  const update = (c: Caller, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/user/', headers: as(c), payload });

  it('updates the fields and logs a quota change', async () => {
    const u = await t.userWithRole(1, { username: 'frank', quota: 100 });
    const res = await update(admin, { id: u.id, display_name: 'Frank', group: 'svip', quota: 250 });
    expect(res.json().success).toBe(true);
    expect(await userRow(u.id)).toMatchObject({ display_name: 'Frank', group: 'svip', quota: 250 });
    const log = await t.ctx.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ type: 3, username: 'frank' });
    expect(log.content).toContain('100');
    expect(log.content).toContain('250');
  });

  it('a password change logs the user out', async () => {
    const u = await t.userWithRole(1, { username: 'gina' });
    expect((await update(admin, { id: u.id, password: 'newpass123' })).json().success).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/user/self', headers: as(u) })).statusCode).toBe(401);
    await expect(t.login('gina', 'newpass123')).resolves.toMatchObject({ id: u.id });
  });

  it('a password set by an admin revokes the access token; other edits keep it', async () => {
    const u = await t.userWithRole(1, { username: 'hank' });
    const viaToken = await accessTokenCaller(t, u);
    expect((await update(admin, { id: u.id, display_name: 'Hank' })).json().success).toBe(true);
    expect((await selfWith(t, viaToken.headers)).json().success).toBe(true);
    expect((await update(admin, { id: u.id, password: 'newpass123' })).json().success).toBe(true);
    await expectTokenRevoked(t, viaToken);
    expect((await userRow(u.id))?.access_token).toBeNull();
  });

  it('refuses same or higher roles (403), invalid input (400), unknown ids (404)', async () => {
    let res = await update(admin, { id: root.id, quota: 1 });
    expectRefusal(res);
    expect(res.json().message).toBe('no permission to update users at the same or a higher level');
    res = await update(admin, { id: common.id, quota: 1.5 });
    expectRefusal(res);
    expect(res.json().message).toBe('the quota must be an integer from 0 to 9007199254740991');
    expectRefusal(await update(admin, { id: 9999, quota: 1 }));
    expectRefusal(await update(admin, { id: common.id, username: 'root' }));
  });
});

describe('DELETE /api/user/:id', () => {
  it('deletes a lower user for good, with an envelope', async () => {
    const u = await t.userWithRole(1);
    const res = await t.call({ method: 'DELETE', url: `/api/user/${u.id}`, headers: as(admin) });
    expect(res.json()).toEqual({ success: true, message: '' });
    expect(await userRow(u.id)).toBeUndefined();
  });

  it('never deletes the super admin or a peer (403), checks the id (400, 404)', async () => {
    let res = await t.call({ method: 'DELETE', url: `/api/user/${root.id}`, headers: as(admin) });
    expect(res.json().message).toBe('the super admin cannot be deleted');
    const peer = await t.userWithRole(10);
    res = await t.call({ method: 'DELETE', url: `/api/user/${peer.id}`, headers: as(admin) });
    expectRefusal(res);
    expect(res.json().message).toBe('no action allowed on users at the same or a higher level');
    expectRefusal(await t.call({ method: 'DELETE', url: '/api/user/0', headers: as(admin) }));
    expectRefusal(await t.call({ method: 'DELETE', url: '/api/user/9999', headers: as(admin) }));
    expectRefusal(await t.call({ method: 'DELETE', url: `/api/user/${admin.id}`, headers: as(common) }));
  });
});
