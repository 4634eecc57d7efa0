import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

const HOUR = 1_800_000_000 - (1_800_000_000 % 3600);
let t: TestApp;
let root: Caller;
let alice: Caller;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  alice = await t.userWithRole(Role.Common, { username: 'alice' });
  const row = (userId: number, username: string, createdAt: number, quota: number) => ({
    user_id: userId,
    username,
    model_name: 'gpt-4o',
    created_at: createdAt,
    token_used: quota * 2,
    count: 1,
    quota,
  });
  await t.ctx.db
    .insertInto('quota_data')
    .values([
      row(alice.id, 'alice', HOUR, 10),
      row(root.id, 'root', HOUR, 5),
      row(alice.id, 'alice', HOUR + 3600, 1),
    ])
    .execute();
});
afterAll(() => t.close());

const get = (url: string, who: Caller) => t.call({ method: 'GET', url, headers: who.headers });
const window = `start_timestamp=${HOUR}&end_timestamp=${HOUR + 7200}`;

describe('GET /api/data/', () => {
  it('sums every user per model and hour', async () => {
    const body = (await get(`/api/data/?${window}`, root)).json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      model_name: 'gpt-4o',
      created_at: HOUR,
      quota: 15,
      token_used: 30,
      count: 2,
    });
  });

  it('filters one user by name', async () => {
    const body = (await get(`/api/data/?${window}&username=root`, root)).json();
    expect(body.data).toEqual([expect.objectContaining({ username: 'root', quota: 5 })]);
  });

  it('is admin only and needs a window', async () => {
    expectRefusal(await get(`/api/data/?${window}`, alice));
    expectRefusal(await get('/api/data/', root));
  });
});

describe('GET /api/data/self', () => {
  it('lists own rows only', async () => {
    const body = (await get(`/api/data/self?${window}&username=root`, alice)).json();
    expect(body.data.map((r: { quota: number }) => r.quota)).toEqual([10, 1]);
  });

  it('refuses windows over 30 days', async () => {
    const res = await get(`/api/data/self?start_timestamp=0&end_timestamp=${30 * 86400 + 1}`, alice);
    expectRefusal(res);
    expect(res.json().message).toBe('时间跨度不能超过 1 个月');
  });

  it('needs a login', async () => {
    expect((await t.call({ method: 'GET', url: `/api/data/self?${window}` })).statusCode).toBe(401);
  });
});
