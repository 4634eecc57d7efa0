import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

/** Quotas that no field may take: negative, fractional, beyond MAX_SAFE_INTEGER (stored with lost precision). */
const BAD_QUOTAS: unknown[] = [-1, '-5', 1.5, 1e308, 2 ** 63, '9223372036854775807', 'lots'];
const MESSAGE = 'the quota must be an integer from 0 to 9007199254740991';

let t: TestApp;
let root: Caller;
let carol: Caller;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  carol = await t.userWithRole(1, { username: 'carol', quota: 1000 });
});
afterAll(() => t.close());

async function send(method: 'POST' | 'PUT', url: string, caller: Caller, payload: unknown) {
  return t.call({ method, url, headers: { ...caller.headers, ...en }, payload: payload as object });
}

describe('one quota rule for every quota field', () => {
  it('PUT /api/user/ refuses a bad quota and keeps the old one', async () => {
    for (const quota of BAD_QUOTAS) {
      const res = await send('PUT', '/api/user/', root, { id: carol.id, username: 'carol', quota });
      expect(res.statusCode, String(quota)).toBe(200);
      expect(res.json()).toEqual({ success: false, message: MESSAGE });
    }
    const row = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', carol.id)
      .executeTakeFirst();
    expect(Number(row?.quota)).toBe(1000);
    const max = await send('PUT', '/api/user/', root, { id: carol.id, quota: Number.MAX_SAFE_INTEGER });
    expect(max.json().success).toBe(true);
    const after = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', carol.id)
      .executeTakeFirst();
    expect(Number(after?.quota)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('tokens and redemption codes apply the same rule', async () => {
    for (const quota of BAD_QUOTAS) {
      const token = await send('POST', '/api/token/', carol, { name: 'x', remain_quota: quota });
      expect(token.statusCode, String(quota)).toBe(200);
      expect(token.json().message).toBe(MESSAGE);
      const code = await send('POST', '/api/redemption/', root, { name: 'x', quota, count: 1 });
      expect(code.statusCode, String(quota)).toBe(200);
      expect(code.json().message).toBe(MESSAGE);
    }
  });

  it('quota options apply the same rule to their text', async () => {
    for (const key of ['QuotaForNewUser', 'QuotaForInviter', 'QuotaForInvitee', 'PreConsumedQuota'])
      for (const value of ['-1', '1e308', '9223372036854775808']) {
        const res = await send('PUT', '/api/option/', root, { key, value });
        expect(res.json().success, `${key}=${value}`).toBe(false);
        expect(res.json().message).toBe(MESSAGE);
      }
  });

  it('the invitation transfer refuses an absurd quota', async () => {
    const res = await send('POST', '/api/user/aff_transfer', carol, { quota: 1e308 });
    expect(res.json()).toEqual({ success: false, message: MESSAGE });
  });
});
