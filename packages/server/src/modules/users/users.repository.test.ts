import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import {
  enabledModelsOfGroups,
  findUserIdByAffCode,
  insertUser,
  listUsers,
  rewardInviter,
  transferAffQuota,
  usernameTaken,
} from './users.repository.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { expectRefusal } from '../../testing/refusal.js';

// The same queries on every dialect the server supports (SQLite always; PostgreSQL and MySQL when configured).
describe.each(testDialects())('users repository on %s', (dialect) => {
  let t: TestApp;
  const row = (id: number) =>
    t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(() => t?.close());

  it('inserts, finds by invitation code and counts soft-deleted names as taken', async () => {
    const id = await insertUser(t.ctx.db, {
      username: 'repo1',
      password: 'x',
      aff_code: 'AbCd',
      group: 'vip',
    });
    expect(await findUserIdByAffCode(t.ctx.db, 'AbCd')).toBe(id);
    await t.ctx.db.updateTable('users').set({ deleted_at: 5 }).where('id', '=', id).execute();
    expect(await usernameTaken(t.ctx.db, 'repo1')).toBe(true);
    expect(await usernameTaken(t.ctx.db, 'repo1', id)).toBe(false);
    expect(await findUserIdByAffCode(t.ctx.db, 'AbCd')).toBeUndefined();
  });

  it('recognises unique violations of this dialect', async () => {
    const err = await insertUser(t.ctx.db, { username: 'root', password: 'x' }).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('lists newest first with keyword (id or text) and group filters', async () => {
    const all = await listUsers(t.ctx.db, {}, { offset: 0, limit: 10 });
    expect(all.total).toBe(2);
    expect(all.rows[0]!.username).toBe('repo1');
    expect((await listUsers(t.ctx.db, { keyword: 'epo' }, { offset: 0, limit: 10 })).total).toBe(1);
    // id 2 appears in no name, so only the id can match.
    const byId = await listUsers(t.ctx.db, { keyword: String(all.rows[0]!.id) }, { offset: 0, limit: 10 });
    expect(byId.rows.map((r) => r.username)).toEqual(['repo1']);
    expect((await listUsers(t.ctx.db, { group: 'vip' }, { offset: 0, limit: 10 })).total).toBe(1);
    expect((await listUsers(t.ctx.db, {}, { offset: 1, limit: 10 })).rows).toHaveLength(1);
  });

  it('lists distinct enabled models of the given groups', async () => {
    await t.ctx.db
      .insertInto('abilities')
      .values([
        { group: 'default', model: 'm-b', channel_id: 1, enabled: 1 },
        { group: 'vip', model: 'm-b', channel_id: 2, enabled: 1 },
        { group: 'vip', model: 'm-a', channel_id: 2, enabled: 1 },
        { group: 'vip', model: 'm-off', channel_id: 3, enabled: 0 },
        { group: 'other', model: 'm-x', channel_id: 4, enabled: 1 },
      ])
      .execute();
    expect(await enabledModelsOfGroups(t.ctx.db, ['default', 'vip'])).toEqual(['m-a', 'm-b']);
    expect(await enabledModelsOfGroups(t.ctx.db, [])).toEqual([]);
  });

  it('rewards an inviter and transfers earnings without ever overdrawing', async () => {
    const id = await insertUser(t.ctx.db, { username: 'repo2', password: 'x' });
    await rewardInviter(t.ctx.db, id, 350);
    expect(await row(id)).toMatchObject({ aff_count: 1, aff_quota: 350, aff_history: 350 });
    const results = await Promise.all(Array.from({ length: 10 }, () => transferAffQuota(t.ctx.db, id, 100)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await row(id)).toMatchObject({ aff_quota: 50, quota: 300 });
  });

  it('serves the register-with-invitation flow over HTTP', async () => {
    await t.ctx.options.set('QuotaForInviter', '9');
    await t.ctx.options.set('QuotaForInvitee', '4');
    const post = (payload: object) => t.call({ method: 'POST', url: '/api/user/register', payload });
    expect((await post({ username: 'host', password: 'password123' })).json().success).toBe(true);
    const host = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'host')
      .executeTakeFirstOrThrow();
    const res = await post({ username: 'guest', password: 'password123', aff_code: host.aff_code });
    expect(res.json().success).toBe(true);
    expect(await row(host.id)).toMatchObject({ aff_count: 1, aff_quota: 9 });
    expectRefusal(await post({ username: 'guest', password: 'password123' }));
  });
});
