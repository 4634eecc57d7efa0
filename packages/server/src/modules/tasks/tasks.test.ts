import { Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

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
    expect(all.data.total).toBe(3);
    expect(all.data.items.map((d: { mj_id: string }) => d.mj_id)).toEqual(['mj-3', 'mj-2', 'mj-1']);
    expect((await get('/api/mj/?channel_id=3', root)).json().data.total).toBe(2);
    // Seconds from the SDK and milliseconds from new-api's console select the same rows.
    expect((await get(`/api/mj/?start_timestamp=${T - 10}`, root)).json().data.total).toBe(2);
    expect((await get(`/api/mj/?end_timestamp=${(T - 10) * 1000}`, root)).json().data.total).toBe(1);
  });

  it('rewrites image urls when forwarding is on', async () => {
    await t.ctx.options.set('MjForwardUrlEnabled', 'true');
    const body = (await get('/api/mj/?mj_id=mj-1', root)).json();
    expect(body.data.items[0].image_url).toBe(`${t.ctx.options.get('ServerAddress')}/mj/image/mj-1`);
  });

  it('is admin only, and self lists own rows ignoring channel_id', async () => {
    expect((await get('/api/mj/', alice)).statusCode).toBe(403);
    const own = (await get('/api/mj/self?channel_id=3', alice)).json();
    expect(own.data.total).toBe(2);
    expect((await get('/api/mj/self')).statusCode).toBe(401);
  });

  it('rejects bad filters', async () => {
    expect((await get('/api/mj/?channel_id=x', root)).statusCode).toBe(400);
    expect((await get('/api/mj/self?start_timestamp=-1', alice)).statusCode).toBe(400);
  });
});

describe('GET /api/task/', () => {
  it('lists every task with filters', async () => {
    expect((await get('/api/task/', root)).json().data.total).toBe(3);
    const ok = (await get('/api/task/?status=SUCCESS&action=MUSIC&platform=suno', root)).json();
    expect(ok.data.items.map((x: { task_id: string }) => x.task_id)).toEqual(['t-3', 't-1']);
    expect(ok.data.items[0].properties).toEqual({ input: 'hi' });
    expect((await get(`/api/task/?task_id=t-2&end_timestamp=${T}`, root)).json().data.total).toBe(1);
  });

  it('is admin only, and self lists own rows', async () => {
    expect((await get('/api/task/', alice)).statusCode).toBe(403);
    const own = (await get('/api/task/self?page_size=1', alice)).json();
    expect(own.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(own.data.items[0].task_id).toBe('t-2');
  });

  it('rejects an unknown status', async () => {
    expect((await get('/api/task/self?status=DONE', alice)).statusCode).toBe(400);
  });
});
