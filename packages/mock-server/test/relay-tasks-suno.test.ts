import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../src/index.js';
import { addTaskChannel, newTaskCaller, SUNO_MODELS, taskLedger, type TaskCaller } from './task-kit.js';

/**
 * The Suno relay end to end (new-api relay_task.go, relay/channel/task/suno, controller/task.go): submissions to a
 * fake Suno API, the poll, fetch by the owner only, the refund of a failed task, prices and bad input.
 */
let mock: MockServer;
let me: TaskCaller;
let other: TaskCaller;
const START = 10_000_000;
const TOKEN_START = 3_000_000;
const quotaOf = (price: number) => Math.trunc(price * 500_000);

beforeAll(async () => {
  mock = await createMockServer({ seed: 2602 });
  await addTaskChannel(mock.ctx, {
    name: 'suno',
    type: 36,
    baseUrl: mock.upstreams.suno.url,
    key: mock.upstreams.suno.key,
    models: SUNO_MODELS,
  });
  await mock.db.updateTable('tasks').set({ progress: '100%' }).execute();
}, 60_000);
afterAll(() => mock.close());
beforeEach(async () => {
  me = await newTaskCaller(mock.db, { quota: START, tokenQuota: TOKEN_START });
  other = await newTaskCaller(mock.db, { quota: START });
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown, auth = me.auth) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}

async function pollToEnd(id: string) {
  for (let i = 0; i < 8; i++) {
    await mock.app.pollTasks();
    const t = await call('GET', `/suno/fetch/${id}`);
    if ((t.json.data as { progress: string }).progress === '100%')
      return t.json.data as Record<string, unknown>;
  }
  throw new Error(`task ${id} did not finish`);
}

describe('suno', () => {
  it('submits music, charges suno_music, and polls it to its clips', async () => {
    const sub = await call('POST', '/suno/submit/music', {
      prompt: 'sea shanty',
      tags: 'folk',
      title: 'Harbour',
      extra: 1,
    });
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ code: 'success' });
    const id = sub.json.data as string;
    const sent = mock.upstreams.suno.requests.find((r) => r.path === '/suno/submit/MUSIC')!;
    expect(sent.headers.authorization).toBe(`Bearer ${mock.upstreams.suno.key}`);
    expect(sent.body).toEqual({
      prompt: 'sea shanty',
      tags: 'folk',
      title: 'Harbour',
      mv: 'chirp-v3-0',
      make_instrumental: false,
    });
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs.map((x) => [x.model_name, x.quota, x.content])).toEqual([
      ['suno_music', quotaOf(0.1), '模型固定价格 0.10，分组倍率 1.00，操作 MUSIC'],
    ]);
    expect(l.remain).toBe(TOKEN_START - quotaOf(0.1));

    const first = await call('GET', `/suno/fetch/${id}`);
    expect(first.json).toMatchObject({
      code: 'success',
      data: { task_id: id, action: 'MUSIC', status: 'NOT_START', progress: '0%' },
    });
    await mock.app.pollTasks();
    await mock.app.pollTasks();
    await mock.app.pollTasks();
    const running = (await call('GET', `/suno/fetch/${id}`)).json.data as Record<string, unknown>;
    expect(running).toMatchObject({ status: 'IN_PROGRESS', progress: '0%' });
    expect(running.data).toHaveLength(2);
    const done = await pollToEnd(id);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', fail_reason: '' });
    expect((done.data as { status: string; audio_url: string }[])[0]).toMatchObject({ status: 'complete' });
    expect(done.finish_time).toBeGreaterThan(0);
    const listed = await call('POST', '/suno/fetch', { ids: [id, 'nope'] });
    expect(listed.json).toMatchObject({ code: 'success', data: [{ task_id: id, status: 'SUCCESS' }] });
  });

  it('submits lyrics at suno_lyrics, and refuses lyrics without a prompt', async () => {
    const sub = await call('POST', '/suno/submit/lyrics', { prompt: 'harbour lights' });
    expect(sub.json).toMatchObject({ code: 'success' });
    const done = await pollToEnd(sub.json.data as string);
    expect(done.data).toMatchObject({ title: 'Harbour Lights', status: 'complete' });
    const empty = await call('POST', '/suno/submit/lyrics', {});
    expect(empty).toEqual({
      status: 400,
      json: { code: 'invalid_request', message: 'prompt_empty', data: null },
    });
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs.map((x) => [x.model_name, x.quota])).toEqual([['suno_lyrics', quotaOf(0.01)]]);
  });

  it('refunds a failed task exactly once, even with pollers racing', async () => {
    const id = (await call('POST', '/suno/submit/music', { prompt: 'FAIL_LATER' })).json.data as string;
    for (let i = 0; i < 3; i++) await mock.app.pollTasks();
    await Promise.all([mock.app.pollTasks(), mock.app.pollTasks(), mock.app.pollTasks()]);
    await mock.app.pollTasks();
    const t = (await call('GET', `/suno/fetch/${id}`)).json.data as Record<string, unknown>;
    expect(t).toMatchObject({ status: 'FAILURE', progress: '100%' });
    expect(t.fail_reason).toMatch(/flagged/);
    const l = await taskLedger(mock.ctx, me);
    expect(l.refundLogs).toHaveLength(1);
    expect(l.refundLogs[0]!.content).toBe(`异步任务执行失败 ${id}，补偿 ＄0.100000 额度`);
    expect(l.quota).toBe(START);
    expect(l.remain).toBe(TOKEN_START);
    expect(l.quota + l.consumed - l.refunded).toBe(START);
  });

  it('charges nothing when the Suno API refuses', async () => {
    const r = await call('POST', '/suno/submit/music', { prompt: 'REFUSE this' });
    expect(r).toEqual({
      status: 500,
      json: { code: 'error', message: 'prompt rejected by the content policy', data: null },
    });
    mock.upstreams.suno.setNextError(429, { code: 'busy', message: 'slow down', data: null });
    const busy = await call('POST', '/suno/submit/music', { prompt: 'again' });
    expect(busy.status).toBe(429);
    expect(busy.json).toMatchObject({
      code: 'fail_to_fetch_task',
      message: '当前分组上游负载已饱和，请稍后再试',
    });
    const l = await taskLedger(mock.ctx, me);
    expect(l.quota).toBe(START);
    expect(l.consumed).toBe(0);
    expect(
      await mock.db.selectFrom('tasks').select('id').where('user_id', '=', me.userId).execute(),
    ).toHaveLength(0);
  });

  it('tries another channel of the group after a 5xx, RetryTimes at most, and charges once', async () => {
    const second = await addTaskChannel(mock.ctx, {
      name: 'suno-2',
      type: 36,
      baseUrl: mock.upstreams.suno.url,
      key: mock.upstreams.suno.key,
      models: SUNO_MODELS,
    });
    const retries = mock.ctx.options.get('RetryTimes');
    await mock.ctx.options.set('RetryTimes', '1');
    try {
      mock.upstreams.suno.reset();
      mock.upstreams.suno.setNextError(502, { code: 'error', message: 'bad gateway', data: null });
      const r = await call('POST', '/suno/submit/music', { prompt: 'second try' });
      expect(r.json).toMatchObject({ code: 'success' });
      expect(mock.upstreams.suno.requests.filter((q) => q.path === '/suno/submit/MUSIC')).toHaveLength(2);
      const l = await taskLedger(mock.ctx, me);
      expect(l.consumeLogs).toHaveLength(1);
      expect(l.quota).toBe(START - quotaOf(0.1));
    } finally {
      await mock.ctx.options.set('RetryTimes', retries);
      await mock.db.updateTable('channels').set({ status: 2 }).where('id', '=', second).execute();
      mock.ctx.events.emit('channels', [second]);
    }
  });

  it("answers another user's task as not found, and bad input with new-api's errors", async () => {
    const id = (await call('POST', '/suno/submit/music', { prompt: 'mine' })).json.data as string;
    expect(await call('GET', `/suno/fetch/${id}`, undefined, other.auth)).toEqual({
      status: 400,
      json: { code: 'task_not_exist', message: 'task_not_exist', data: null },
    });
    expect((await call('POST', '/suno/fetch', { ids: [id] }, other.auth)).json).toEqual({
      code: 'success',
      message: '',
      data: [],
    });
    expect((await call('POST', '/suno/fetch', '{"ids":')).json).toMatchObject({ code: 'invalid_request' });
    expect((await call('POST', '/suno/submit/music', '{oops')).status).toBe(400);
    const unknown = await call('POST', '/suno/submit/video', { prompt: 'x' });
    expect(unknown.status).toBe(503);
    const cont = await call('POST', '/suno/submit/music', { continue_clip_id: 'c1' });
    expect(cont.json).toEqual({ code: 'invalid_request', message: 'task id is empty', data: null });
    const foreign = await call('POST', '/suno/submit/music', { continue_clip_id: 'c1', task_id: 'not-mine' });
    expect(foreign.json).toEqual({ code: 'task_not_exist', message: 'task_origin_not_exist', data: null });
    const poor = await newTaskCaller(mock.db, { quota: 5 });
    expect(await call('POST', '/suno/submit/music', { prompt: 'x' }, poor.auth)).toEqual({
      status: 403,
      json: { code: 'quota_not_enough', message: 'user quota is not enough', data: null },
    });
  });
});

describe('the periodic poll', () => {
  it('follows tasks to their end by itself every TASK_POLL_MS, on the node holding the job', async () => {
    const polled = await createMockServer({ seed: 2603, config: { taskPollMs: 200 } });
    try {
      await polled.db.updateTable('tasks').set({ progress: '100%' }).execute();
      await polled.db.updateTable('midjourneys').set({ progress: '100%' }).execute();
      await addTaskChannel(polled.ctx, {
        name: 'suno',
        type: 36,
        baseUrl: polled.upstreams.suno.url,
        key: polled.upstreams.suno.key,
        models: SUNO_MODELS,
      });
      const caller = await newTaskCaller(polled.db, { quota: START });
      const res = await fetch(`${polled.url}/suno/submit/music`, {
        method: 'POST',
        headers: { authorization: caller.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'by itself' }),
      });
      const id = ((await res.json()) as { data: string }).data;
      let progress = '';
      for (let i = 0; i < 100 && progress !== '100%'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const row = await polled.db
          .selectFrom('tasks')
          .select('progress')
          .where('task_id', '=', id)
          .executeTakeFirst();
        progress = row?.progress ?? '';
      }
      expect(progress).toBe('100%');
      const lease = await polled.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', 'task-poll')
        .execute();
      expect(lease).toHaveLength(1);
    } finally {
      await polled.close();
    }
  }, 30_000);
});
