import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { expectRefusal } from '../../testing/refusal.js';

/** Budgets and caps ride the token and user routes: written by POST/PUT, answered on every read. */
describe.each(testDialects())('budget fields on the token and user routes on %s', (dialect) => {
  let t: TestApp;
  let alice: Caller;
  let root: Caller;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call({
      method,
      url,
      headers: { ...who.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    alice = await t.userWithRole(1);
    root = await t.root();
  });
  afterAll(() => t.close());

  it('a token is created and updated with a budget and caps, and lists show them with this period’s spend', async () => {
    const made = await call(alice, 'POST', '/api/token/', {
      name: 'budgeted',
      period: 'day',
      period_quota: 5000,
      period_requests: 100,
      max_concurrency: 3,
      rpm_limit: 60,
      tpm_limit: 10_000,
    });
    expect(made.json().success).toBe(true);
    const list = (await call(alice, 'GET', '/api/token/?p=0&size=10')).json().data as Record<
      string,
      unknown
    >[];
    const token = list.find((x) => x.name === 'budgeted')!;
    expect(token).toMatchObject({
      period: 'day',
      period_quota: 5000,
      period_requests: 100,
      period_used_quota: 0,
      period_used_requests: 0,
      max_concurrency: 3,
      rpm_limit: 60,
      tpm_limit: 10_000,
    });
    expect(token.period_reset_time as number).toBeGreaterThan(t.ctx.now());
    expect(token.period_reset_time as number).toBeLessThanOrEqual(t.ctx.now() + 86_400);

    const put = await call(alice, 'PUT', '/api/token/', {
      id: token.id,
      period: 'month',
      period_quota: 9000,
    });
    expect(put.json().data).toMatchObject({ period: 'month', period_quota: 9000, period_requests: 100 });
    // new-api's console sends the token without the new fields: they stay as they were.
    const plain = await call(alice, 'PUT', '/api/token/', {
      id: token.id,
      name: 'renamed',
      remain_quota: 10,
    });
    expect(plain.json().data).toMatchObject({ name: 'renamed', period: 'month', max_concurrency: 3 });
  });

  it('refuses a period it does not know and negative limits in new-api’s words', async () => {
    expectRefusal(await call(alice, 'POST', '/api/token/', { name: 'x', period: 'year' }));
    expectRefusal(await call(alice, 'POST', '/api/token/', { name: 'x', rpm_limit: -1 }));
    expectRefusal(await call(alice, 'POST', '/api/token/', { name: 'x', period_requests: 1.5 }));
  });

  it('an admin sets a user’s budget with PUT /api/user/, and the user reads it on their own record', async () => {
    const res = await call(root, 'PUT', '/api/user/', {
      id: alice.id,
      period: 'week',
      period_quota: 123_456,
    });
    expect(res.json().success).toBe(true);
    const got = (await call(root, 'GET', `/api/user/${alice.id}`)).json().data;
    expect(got).toMatchObject({ period: 'week', period_quota: 123_456, period_used_quota: 0 });
    const self = (await call(alice, 'GET', '/api/user/self')).json().data;
    expect(self).toMatchObject({ period: 'week', period_quota: 123_456 });
    expect(self.period_reset_time).toBeGreaterThan(t.ctx.now());
  });
});
