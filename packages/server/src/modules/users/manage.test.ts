import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';
import { accessTokenCaller, expectTokenRevoked, selfWith } from '../../testing/access-token.js';

let t: TestApp;
let root: Caller;
let admin: Caller;
const en = { 'accept-language': 'en' };
const as = (c: Caller) => ({ ...c.headers, ...en });
const manage = (c: Caller, id: number | string, action: string) =>
  t.call({ method: 'POST', url: '/api/user/manage', headers: as(c), payload: { id, action } });
const self = (c: Caller) => t.call({ method: 'GET', url: '/api/user/self', headers: as(c) });

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  admin = await t.userWithRole(10);
});
afterAll(() => t.close());

describe('POST /api/user/manage', () => {
  it('disable: the banned user’s existing session is refused on its very next request (403)', async () => {
    const u = await t.userWithRole(1);
    expect((await self(u)).statusCode).toBe(200);
    const res = await manage(admin, u.id, 'disable');
    expect(res.json()).toEqual({ success: true, message: '', data: { role: 1, status: 2 } });
    const next = await self(u);
    expectRefusal(next);
    expect(next.json()).toEqual({ success: false, message: 'the user is banned' });
  });

  it('enable: lifts the ban; sessions from before it are ended', async () => {
    const u = await t.userWithRole(1);
    await manage(admin, u.id, 'disable');
    const res = await manage(admin, u.id, 'enable');
    expect(res.json().data).toEqual({ role: 1, status: 1 });
    expect((await self(u)).statusCode).toBe(401);
  });

  it('delete: soft-deletes and ends the sessions', async () => {
    const u = await t.userWithRole(1);
    expect((await manage(admin, u.id, 'delete')).json().success).toBe(true);
    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await self(u)).statusCode).toBe(401);
    expectRefusal(await manage(admin, u.id, 'enable'));
  });

  it('promote and demote (root): role changes end the sessions at once', async () => {
    const u = await t.userWithRole(1);
    expect((await manage(root, u.id, 'promote')).json().data).toEqual({ role: 10, status: 1 });
    expect((await self(u)).statusCode).toBe(401);
    let res = await manage(root, u.id, 'promote');
    expectRefusal(res);
    expect(res.json().message).toBe('the user is already an admin');
    expect((await manage(root, u.id, 'demote')).json().data).toEqual({ role: 1, status: 1 });
    res = await manage(root, u.id, 'demote');
    expectRefusal(res);
    expect(res.json().message).toBe('the user is already a regular user');
  });

  it('the access token ends with the sessions: a ban refuses it, its end and role changes revoke it', async () => {
    const banned = await t.userWithRole(1);
    const bannedToken = await accessTokenCaller(t, banned);
    await manage(admin, banned.id, 'disable');
    const refused = await selfWith(t, bannedToken.headers);
    expect(refused.json()).toEqual({ success: false, message: 'the user is banned' });
    await manage(admin, banned.id, 'enable');
    await expectTokenRevoked(t, bannedToken);
    for (const action of ['promote', 'demote']) {
      const u = await t.userWithRole(action === 'promote' ? 1 : 10);
      const viaToken = await accessTokenCaller(t, u);
      expect((await manage(root, u.id, action)).json().success).toBe(true);
      await expectTokenRevoked(t, viaToken);
    }
  });

  it('a regular admin cannot promote', async () => {
    const u = await t.userWithRole(1);
    const res = await manage(admin, u.id, 'promote');
    expectRefusal(res);
    expect(res.json().message).toBe('a regular admin cannot promote other users to admin');
  });

  it('no action on users at the same or a higher level', async () => {
    const peer = await t.userWithRole(10);
    for (const target of [peer.id, root.id]) {
      const res = await manage(admin, target, 'disable');
      expectRefusal(res);
      expect(res.json().message).toBe('no action allowed on users at the same or a higher level');
    }
  });

  it('the super admin cannot be disabled, deleted or demoted', async () => {
    const messages = {
      disable: 'the super admin cannot be disabled',
      delete: 'the super admin cannot be deleted',
      demote: 'the super admin cannot be demoted',
    };
    for (const [action, message] of Object.entries(messages)) {
      const res = await manage(root, root.id, action);
      expectRefusal(res);
      expect(res.json().message).toBe(message);
    }
    expect((await self(root)).statusCode).toBe(200);
  });

  it('is for admins only (403) and validates the body (400)', async () => {
    const u = await t.userWithRole(1);
    const other = await t.userWithRole(1);
    expectRefusal(await manage(u, other.id, 'disable'));
    let res = await manage(admin, u.id, 'explode');
    expectRefusal(res);
    expect(res.json().message).toBe('invalid action');
    res = await manage(admin, 'x', 'disable');
    expectRefusal(res);
    expectRefusal(await manage(admin, 9999, 'disable'));
  });
});
