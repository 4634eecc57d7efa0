import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

/* NEWAPI_CONSOLE_COMPAT: what new-api 0.4.8's own console needs, and the defaults it gives up. */

const en = { 'accept-language': 'en' };
const MASKED = /^[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/;

describe.each([false, true])('NEWAPI_CONSOLE_COMPAT=%s', (compat) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  let made: { id: number; key: string };

  beforeAll(async () => {
    t = await createTestApp({ config: { newapiConsoleCompat: compat } });
    alice = await t.userWithRole(1);
    bob = await t.userWithRole(1);
    const res = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: alice.headers,
      payload: { name: 'console' },
    });
    [made] = res.json().data;
  });
  afterAll(() => t.close());

  const get = async (who: Caller, url: string) =>
    (await t.call({ method: 'GET', url, headers: { ...who.headers, ...en } })).json();

  it(compat ? "lists the owner's full keys, without sk-, as 0.4.8 does" : 'masks keys in lists', async () => {
    const expectKey = (key: string) =>
      compat ? expect(`sk-${key}`).toBe(made.key) : expect(key).toMatch(MASKED);
    const list = await get(alice, '/api/token/?p=0&size=10');
    expectKey(list.data[0].key);
    expectKey((await get(alice, `/api/token/search?keyword=console`)).data[0].key);
    expectKey((await get(alice, `/api/token/${made.id}`)).data.key);
    const updated = await t.call({
      method: 'PUT',
      url: '/api/token/?status_only=true',
      headers: alice.headers,
      payload: { id: made.id, status: 1 },
    });
    expectKey(updated.json().data.key);
    // Never anyone else's.
    expect((await get(bob, '/api/token/?p=0&size=10')).data).toEqual([]);
    expect((await get(bob, `/api/token/${made.id}`)).success).toBe(false);
  });

  it(
    compat
      ? "changes a password with 0.4.8's request, without the old one (a wrong one given is still refused)"
      : 'refuses a password change without the old one',
    async () => {
      const u = await t.userWithRole(1);
      const put = (payload: object) =>
        t.call({ method: 'PUT', url: '/api/user/self', headers: { ...u.headers, ...en }, payload });
      const wrong = await put({ password: 'newpass123', original_password: 'wrongpass1' });
      expect(wrong.json()).toEqual({ success: false, message: 'the current password is wrong' });
      const res = await put({ password: 'newpass123' });
      const row = await t.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      if (!compat) {
        expect(res.json()).toEqual({ success: false, message: 'please enter your current password' });
        await expect(t.login(row.username, 'newpass123')).rejects.toThrow();
        return;
      }
      expect(res.json().success).toBe(true);
      // The change still ends the sessions, as every password change does.
      expect((await t.call({ method: 'GET', url: '/api/user/self', headers: u.headers })).statusCode).toBe(
        401,
      );
      await t.login(row.username, 'newpass123');
    },
  );
});
