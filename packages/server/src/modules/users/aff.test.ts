import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
const en = { 'accept-language': 'en' };
const as = (c: Caller) => ({ ...c.headers, ...en });
const userRow = (id: number) =>
  t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transfer = (c: Caller, quota: unknown) =>
  t.call({ method: 'POST', url: '/api/user/aff_transfer', headers: as(c), payload: { quota } });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/user/aff', () => {
  it('creates the code on first call and keeps it', async () => {
    const u = await t.userWithRole(1);
    expect((await userRow(u.id)).aff_code).toBeNull();
    const first = (await t.call({ method: 'GET', url: '/api/user/aff', headers: as(u) })).json();
    expect(first.data).toMatch(/^[0-9A-Za-z]{4,}$/);
    const second = (await t.call({ method: 'GET', url: '/api/user/aff', headers: as(u) })).json();
    expect(second.data).toBe(first.data);
    expect((await userRow(u.id)).aff_code).toBe(first.data);
  });

  it('needs a login (401)', async () => {
    expect((await t.call({ method: 'GET', url: '/api/user/aff' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/aff_transfer', () => {
  it('moves earnings into the balance', async () => {
    const u = await t.userWithRole(1, { quota: 10 });
    await t.ctx.db.updateTable('users').set({ aff_quota: 1_200_000 }).where('id', '=', u.id).execute();
    const res = await transfer(u, 500_000);
    expect(res.json()).toEqual({ success: true, message: 'transfer succeeded' });
    expect(await userRow(u.id)).toMatchObject({ quota: 500_010, aff_quota: 700_000 });
  });

  it('refuses less than one quota unit (400) and more than the earnings (409)', async () => {
    const u = await t.userWithRole(1);
    await t.ctx.db.updateTable('users').set({ aff_quota: 600_000 }).where('id', '=', u.id).execute();
    let res = await transfer(u, 499_999);
    expectRefusal(res);
    expect(res.json().message).toBe('the amount to transfer must be at least 500000');
    res = await transfer(u, 'abc');
    expectRefusal(res);
    res = await transfer(u, 700_000);
    expectRefusal(res);
    expect(res.json().message).toBe('not enough invitation quota');
  });

  it('follows the QuotaPerUnit option', async () => {
    const u = await t.userWithRole(1);
    await t.ctx.db.updateTable('users').set({ aff_quota: 100 }).where('id', '=', u.id).execute();
    await t.ctx.options.set('QuotaPerUnit', '50');
    try {
      expect((await transfer(u, 60)).json().success).toBe(true);
    } finally {
      await t.ctx.options.set('QuotaPerUnit', '500000');
    }
  });

  it('cannot overdraw under 10 concurrent transfers', async () => {
    const u = await t.userWithRole(1);
    await t.ctx.db.updateTable('users').set({ aff_quota: 3_200_000 }).where('id', '=', u.id).execute();
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(u, 1_000_000)));
    expect(results.filter((r) => r.json().success)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 200 && !r.json().success)).toHaveLength(7);
    expect(await userRow(u.id)).toMatchObject({ quota: 3_000_000, aff_quota: 200_000 });
  });

  it('needs a login (401)', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/user/aff_transfer', payload: { quota: 1 } })).statusCode,
    ).toBe(401);
  });
});

describe('groups and models', () => {
  beforeAll(async () => {
    await t.ctx.options.set('GroupRatio', '{"default":1,"vip":1.5,"svip":2,"team":0.8}');
    await t.ctx.options.set('UserUsableGroups', '{"default":"Default","vip":"VIP"}');
    await t.ctx.db
      .insertInto('abilities')
      .values([
        { group: 'default', model: 'gpt-4o', channel_id: 1, enabled: 1 },
        { group: 'vip', model: 'gpt-4o', channel_id: 2, enabled: 1 },
        { group: 'vip', model: 'claude-3', channel_id: 2, enabled: 1 },
        { group: 'team', model: 'team-model', channel_id: 3, enabled: 1 },
        { group: 'default', model: 'disabled-model', channel_id: 4, enabled: 0 },
        { group: 'svip', model: 'svip-model', channel_id: 5, enabled: 1 },
      ])
      .execute();
  });

  it('GET /api/user/self/groups adds the own group to the usable ones, priced groups only', async () => {
    const u = await t.userWithRole(1, { group: 'team' });
    const res = await t.call({ method: 'GET', url: '/api/user/self/groups', headers: as(u) });
    expect(res.json().data).toEqual({
      default: { ratio: 1, desc: 'Default' },
      vip: { ratio: 1.5, desc: 'VIP' },
      team: { ratio: 0.8, desc: 'user group' },
    });
    expect((await t.call({ method: 'GET', url: '/api/user/self/groups' })).statusCode).toBe(401);
  });

  it('GET /api/user/groups answers visitors with the generally usable groups', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/groups' });
    expect(Object.keys(res.json().data).sort()).toEqual(['default', 'vip']);
  });

  it('GET /api/user/models lists enabled models of the usable groups', async () => {
    const u = await t.userWithRole(1, { group: 'team' });
    const res = await t.call({ method: 'GET', url: '/api/user/models', headers: as(u) });
    expect(res.json().data).toEqual(['claude-3', 'gpt-4o', 'team-model']);
    expect((await t.call({ method: 'GET', url: '/api/user/models' })).statusCode).toBe(401);
  });

  it('GET /api/group/ lists the GroupRatio keys for admins only', async () => {
    const admin = await t.userWithRole(10);
    const res = await t.call({ method: 'GET', url: '/api/group/', headers: as(admin) });
    expect(res.json().data).toEqual(['default', 'vip', 'svip', 'team']);
    const u = await t.userWithRole(1);
    expectRefusal(await t.call({ method: 'GET', url: '/api/group/', headers: as(u) }));
  });
});
