import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

const T = 1_800_000_000;
let t: TestApp;
let root: Caller;
let alice: Caller;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  alice = await t.userWithRole(Role.Common, { username: 'alice' });
  // Text columns have no default (MySQL allows none), so every row names them.
  const mjText = {
    prompt: '',
    prompt_en: '',
    description: '',
    image_url: '',
    fail_reason: '',
    buttons: '',
    properties: '',
  };
  const taskText = { fail_reason: '', properties: '', data: '' };
  await t.ctx.db
    .insertInto('midjourneys')
    .values([
      {
        ...mjText,
        user_id: alice.id,
        mj_id: 'mj-1',
        submit_time: (T - 100) * 1000,
        channel_id: 3,
        image_url: 'http://p/1.png',
      },
      { ...mjText, user_id: alice.id, mj_id: 'mj-2', submit_time: T * 1000, channel_id: 4 },
      { ...mjText, user_id: root.id, mj_id: 'mj-3', submit_time: T * 1000, channel_id: 3 },
    ])
    .execute();
  await t.ctx.db
    .insertInto('tasks')
    .values([
      {
        ...taskText,
        user_id: alice.id,
        task_id: 't-1',
        platform: 'suno',
        status: 'SUCCESS',
        action: 'MUSIC',
        submit_time: T - 100,
      },
      {
        ...taskText,
        user_id: alice.id,
        task_id: 't-2',
        platform: 'suno',
        status: 'FAILURE',
        action: 'LYRICS',
        submit_time: T,
      },
      {
        ...taskText,
        user_id: root.id,
        task_id: 't-3',
        platform: 'suno',
        status: 'SUCCESS',
        action: 'MUSIC',
        submit_time: T,
        properties: '{"input":"hi"}',
      },
    ])
    .execute();
});
afterAll(() => t.close());

const get = (url: string, who?: Caller) => t.call({ method: 'GET', url, headers: who?.headers });

describe('GET /api/mj/', () => {
  it('lists every drawing newest first with filters', async () => {
    const all = (await get('/api/mj/', root)).json();
    // 0.4.8's shape: a bare array, `p` 0-based.
    expect(all.data.map((d: { mj_id: string }) => d.mj_id)).toEqual(['mj-3', 'mj-2', 'mj-1']);
    expect((await get('/api/mj/?channel_id=3', root)).json().data).toHaveLength(2);
    // Seconds from the SDK and milliseconds from new-api's console select the same rows.
    expect((await get(`/api/mj/?start_timestamp=${T - 10}`, root)).json().data).toHaveLength(2);
    expect((await get(`/api/mj/?end_timestamp=${(T - 10) * 1000}`, root)).json().data).toHaveLength(1);
    // The console's empty filters mean "not given".
    expect(
      (await get('/api/mj/?p=0&channel_id=&mj_id=&start_timestamp=&end_timestamp=', root)).json().data,
    ).toHaveLength(3);
    expect((await get('/api/mj/?p=1', root)).json().data).toEqual([]);
  });

  it('rewrites image urls when forwarding is on', async () => {
    await t.ctx.options.set('MjForwardUrlEnabled', 'true');
    const body = (await get('/api/mj/?mj_id=mj-1', root)).json();
    expect(body.data[0].image_url).toBe(`${t.ctx.options.get('ServerAddress')}/mj/image/mj-1`);
  });

  it('is admin only, and self lists own rows ignoring channel_id', async () => {
    expectRefusal(await get('/api/mj/', alice));
    const own = (await get('/api/mj/self?channel_id=3', alice)).json();
    expect(own.data).toHaveLength(2);
    expect((await get('/api/mj/self')).statusCode).toBe(401);
  });

  it('rejects bad filters', async () => {
    expectRefusal(await get('/api/mj/?channel_id=1.5', root));
    // Not a number at all reads as "no filter", as new-api's Atoi does.
    expect((await get('/api/mj/?channel_id=x', root)).json().data).toHaveLength(3);
    expectRefusal(await get('/api/mj/self?start_timestamp=-1', alice));
  });
});

describe('GET /api/task/', () => {
  it('lists every task with filters', async () => {
    expect((await get('/api/task/', root)).json().data).toHaveLength(3);
    const ok = (await get('/api/task/?status=SUCCESS&action=MUSIC&platform=suno', root)).json();
    expect(ok.data.map((x: { task_id: string }) => x.task_id)).toEqual(['t-3', 't-1']);
    expect(ok.data[0].properties).toEqual({ input: 'hi' });
    expect((await get(`/api/task/?task_id=t-2&end_timestamp=${T}`, root)).json().data).toHaveLength(1);
    // The 0.4.8 task page sends `end_timestamp=NaN` when no end date is picked: not given.
    expect((await get('/api/task/?p=0&channel_id=&end_timestamp=NaN', root)).json().data).toHaveLength(3);
  });

  it('is admin only, and self lists own rows', async () => {
    expectRefusal(await get('/api/task/', alice));
    const own = (await get('/api/task/self?page_size=1', alice)).json();
    expect(own.data.map((x: { task_id: string }) => x.task_id)).toEqual(['t-2']);
    const second = (await get('/api/task/self?page_size=1&p=1', alice)).json();
    expect(second.data.map((x: { task_id: string }) => x.task_id)).toEqual(['t-1']);
  });

  it('rejects an unknown status', async () => {
    expectRefusal(await get('/api/task/self?status=DONE', alice));
  });
});
