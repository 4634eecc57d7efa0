import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, FAKE_PNG, type MockServer } from '../src/index.js';
import { addTaskChannel, MJ_MODELS, newTaskCaller, taskLedger, type TaskCaller } from './task-kit.js';

/**
 * The drawing relay end to end (new-api relay-mj.go, controller/midjourney.go): submissions through the real
 * server to a fake midjourney-proxy, the poll that follows the tasks, their fetch by their owner only, actions on
 * finished tasks, image forwarding, the mode prefixes, the per-action prices and the options.
 */
let mock: MockServer;
let me: TaskCaller;
let other: TaskCaller;
let channelId: number;
const START = 20_000_000;
const TOKEN_START = 5_000_000;

const OPTIONS = {
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjModeClearEnabled: 'false',
  MjActionCheckSuccessEnabled: 'true',
  MjForwardUrlEnabled: 'false',
};

beforeAll(async () => {
  mock = await createMockServer({ seed: 2601 });
  channelId = await addTaskChannel(mock.ctx, {
    name: 'mj',
    type: 2,
    baseUrl: mock.upstreams.midjourney.url,
    key: mock.upstreams.midjourney.key,
    models: MJ_MODELS,
  });
  // Fixture tasks on other channels stay out of these polls' way.
  await mock.db.updateTable('midjourneys').set({ progress: '100%' }).execute();
}, 60_000);
afterAll(() => mock.close());
beforeEach(async () => {
  me = await newTaskCaller(mock.db, { quota: START, tokenQuota: TOKEN_START });
  other = await newTaskCaller(mock.db, { quota: START });
  for (const [k, v] of Object.entries(OPTIONS)) await mock.ctx.options.set(k, v);
});
afterEach(() => mock.upstreams.midjourney.reset());

async function call(method: 'GET' | 'POST', path: string, body?: unknown, auth: Record<string, string> = {}) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: {
      authorization: me.auth,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...auth,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json: json as Record<string, unknown> & unknown[], res };
}

const imagine = (prompt: string, extra: Record<string, unknown> = {}, prefix = '') =>
  call('POST', `${prefix}/mj/submit/imagine`, { prompt, ...extra });

/** Polls until the task is finished, as the periodic job would; returns the task as its owner fetches it. */
async function pollToEnd(id: string) {
  for (let i = 0; i < 6; i++) {
    await mock.app.pollTasks();
    const t = await call('GET', `/mj/task/${id}/fetch`);
    if (t.json.progress === '100%') return t.json;
  }
  throw new Error(`task ${id} did not finish`);
}

const quotaOf = (price: number) => Math.trunc(price * 500_000);

describe('submit, poll, success', () => {
  it('charges the price when the proxy accepts, stores progress, image, buttons and prompt as the poll finds them', async () => {
    const sub = await imagine('a lighthouse at dawn');
    expect(sub.status).toBe(200);
    expect(sub.json).toMatchObject({ code: 1, description: '提交成功' });
    const id = sub.json.result as string;
    const charged = await taskLedger(mock.ctx, me);
    expect(charged.quota).toBe(START - quotaOf(0.1));
    expect(charged.remain).toBe(TOKEN_START - quotaOf(0.1));
    expect(charged.consumeLogs.at(-1)).toMatchObject({
      model_name: 'mj_imagine',
      quota: quotaOf(0.1),
      content: `模型固定价格 0.10，分组倍率 1.00，操作 IMAGINE，ID ${id}`,
    });
    // The proxy got the key as mj-api-secret and the body as sent.
    const sent = mock.upstreams.midjourney.requests.find((r) => r.path === '/mj/submit/imagine')!;
    expect(sent.headers['mj-api-secret']).toBe(mock.upstreams.midjourney.key);

    const fresh = await call('GET', `/mj/task/${id}/fetch`);
    expect(fresh.json).toMatchObject({
      id,
      action: 'IMAGINE',
      status: '',
      progress: '0%',
      prompt: 'a lighthouse at dawn',
    });

    await mock.app.pollTasks(); // SUBMITTED
    await mock.app.pollTasks(); // IN_PROGRESS 50%
    const half = await call('GET', `/mj/task/${id}/fetch`);
    expect(half.json).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    expect(half.json.imageUrl).toMatch(/-preview\.png$/);

    const done = await pollToEnd(id);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', failReason: '' });
    expect(done.imageUrl).toBe(`${mock.upstreams.midjourney.url}/attachments/${id}.png`);
    expect((done.buttons as { label: string }[]).map((b) => b.label)).toEqual([
      'U1',
      'U2',
      'U3',
      'U4',
      '',
      'V1',
      'V2',
      'V3',
      'V4',
    ]);
    expect(done.properties).toEqual({ finalPrompt: 'a lighthouse at dawn --v 6.0', finalZhPrompt: '' });
    // Stored as new-api stores it: buttons and properties as JSON text, submit time in ms.
    const row = await mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.buttons)).toHaveLength(9);
    expect(row.code).toBe(1);
    expect(row.quota).toBe(quotaOf(0.1));
    // The console's list shows it to its owner.
    const after = await taskLedger(mock.ctx, me);
    expect(after.refunded).toBe(0);
    expect(after.quota).toBe(START - quotaOf(0.1));
  });

  it("lists tasks by condition, the caller's own only", async () => {
    const a = (await imagine('one')).json.result as string;
    const b = (await imagine('two')).json.result as string;
    const theirs = (await imagine('three', {}, '')).json.result as string;
    await mock.db
      .updateTable('midjourneys')
      .set({ user_id: other.userId })
      .where('mj_id', '=', theirs)
      .execute();
    const list = await call('POST', '/mj/task/list-by-condition', { ids: [a, b, theirs, 'nope'] });
    expect(list.status).toBe(200);
    expect((list.json as { id: string }[]).map((t) => t.id).sort()).toEqual([a, b].sort());
    expect((await call('POST', '/mj/task/list-by-condition', { ids: [] })).json).toEqual([]);
    expect((await call('POST', '/mj/task/list-by-condition', '{"ids":')).json).toEqual({
      description: 'do_request_failed ',
      type: 'upstream_error',
      code: 4,
    });
  });

  it("answers another user's task as not found, with their key and with the proxy's mj-api-secret header", async () => {
    const id = (await imagine('mine')).json.result as string;
    const foreign = await call('GET', `/mj/task/${id}/fetch`, undefined, { authorization: other.auth });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toEqual({ description: 'task_no_found ', type: 'upstream_error', code: 4 });
    const viaSecret = await call('GET', `/mj/task/${id}/fetch`, undefined, {
      authorization: 'midjourney-proxy',
      'mj-api-secret': `sk-${me.key}`,
    });
    expect(viaSecret.json).toMatchObject({ id });
    const noKey = await call('GET', `/mj/task/${id}/fetch`, undefined, { authorization: '' });
    expect(noKey.status).toBe(401);
    expect(noKey.json.error).toMatchObject({ type: 'new_api_error' });
  });
});

describe('refusals and failures', () => {
  it('charges nothing when the proxy refuses, and records the reason', async () => {
    const before = await taskLedger(mock.ctx, me);
    const banned = await imagine('a BANNED word');
    expect(banned.status).toBe(200);
    expect(banned.json).toMatchObject({ code: 24, description: '可能包含敏感词' });
    const full = await imagine('QUEUE_FULL now');
    expect(full.json).toMatchObject({ code: 23 });
    const after = await taskLedger(mock.ctx, me);
    expect(after.quota).toBe(before.quota);
    expect(after.consumed).toBe(before.consumed);
    const rows = await mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('user_id', '=', me.userId)
      .execute();
    expect(rows.map((r) => [r.code, r.fail_reason, r.quota])).toEqual([
      [24, '可能包含敏感词', 0],
      [23, '队列已满，请稍后尝试', 0],
    ]);
    // The poll ends them without giving back what was never taken.
    await mock.app.pollTasks();
    const end = await taskLedger(mock.ctx, me);
    expect(end.refunded).toBe(0);
    expect(end.quota).toBe(before.quota);
  });

  it('refunds a task that fails later exactly once, with a log row, however often it is polled', async () => {
    const id = (await imagine('FAIL_LATER please')).json.result as string;
    const charged = await taskLedger(mock.ctx, me);
    expect(charged.quota).toBe(START - quotaOf(0.1));
    const done = await pollToEnd(id);
    expect(done).toMatchObject({ status: 'FAILURE', progress: '100%' });
    expect(done.failReason).toMatch(/flagged/);
    // Two pollers at once, then more polls: the task is finished, nothing moves.
    await Promise.all([mock.app.pollTasks(), mock.app.pollTasks()]);
    await mock.app.pollTasks();
    const l = await taskLedger(mock.ctx, me);
    expect(l.refundLogs).toHaveLength(1);
    expect(l.refundLogs[0]!.content).toBe(`构图失败 ${id}，补偿 ＄0.100000 额度`);
    expect(l.refunded).toBe(quotaOf(0.1));
    expect(l.quota).toBe(START);
    expect(l.remain).toBe(TOKEN_START);
    expect(l.quota + l.consumed - l.refunded).toBe(START);
    expect(l.remain + l.consumed - l.refunded).toBe(TOKEN_START);
    expect(l.usedQuota).toBe(l.consumed - l.refunded);
  });

  it('refunds once when two pollers race on the same failure', async () => {
    mock.upstreams.midjourney.setSteps(2);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await imagine(`FAIL_LATER ${i}`)).json.result as string);
    await mock.app.pollTasks(); // SUBMITTED
    // Both pollers read the tasks unfinished and both hear FAILURE: each refund is taken once.
    await Promise.all([mock.app.pollTasks(), mock.app.pollTasks(), mock.app.pollTasks()]);
    await mock.app.pollTasks();
    const l = await taskLedger(mock.ctx, me);
    expect(l.refundLogs).toHaveLength(5);
    expect(l.quota).toBe(START);
    expect(l.quota + l.consumed - l.refunded).toBe(START);
  });

  it('ends a task with no upstream id: refunded when Switchboard charged it, not when adopted from new-api', async () => {
    const row = (tokenId: number, quota: number) => ({
      code: 1,
      user_id: me.userId,
      action: 'IMAGINE',
      mj_id: '',
      prompt: 'lost',
      prompt_en: '',
      description: '',
      state: '',
      submit_time: Date.now(),
      start_time: 0,
      finish_time: 0,
      image_url: '',
      status: '',
      progress: '0%',
      fail_reason: '',
      channel_id: channelId,
      quota,
      buttons: '',
      properties: '',
      token_id: tokenId,
    });
    await mock.db
      .insertInto('midjourneys')
      .values([row(me.tokenId, 30_000), row(0, 70_000)])
      .execute();
    await mock.app.pollTasks();
    const rows = await mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('user_id', '=', me.userId)
      .execute();
    expect(rows.map((r) => [r.status, r.progress])).toEqual([
      ['FAILURE', '100%'],
      ['FAILURE', '100%'],
    ]);
    const l = await taskLedger(mock.ctx, me);
    expect(l.refunded).toBe(30_000);
    expect(l.quota).toBe(START + 30_000);
  });

  it('refuses a submission the balance cannot pay, without asking the proxy', async () => {
    const poor = await newTaskCaller(mock.db, { quota: 10 });
    const r = await imagine('cheap?', {}, '');
    expect(r.status).toBe(200);
    const refused = await call('POST', '/mj/submit/imagine', { prompt: 'x' }, { authorization: poor.auth });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ description: 'quota_not_enough ', type: 'upstream_error', code: 4 });
  });
});

describe('bad input', () => {
  it("answers new-api's errors, never a 500", async () => {
    expect(await imagine('')).toMatchObject({
      status: 400,
      json: { description: 'prompt_is_required ', type: 'upstream_error', code: 4 },
    });
    const badJson = await call('POST', '/mj/submit/imagine', '{"prompt":');
    expect(badJson.status).toBe(400);
    expect((badJson.json.error as { message: string }).message).toMatch(
      /^Invalid request, bind_request_body_failed/,
    );
    const unknown = await call('POST', '/mj/submit/action', {
      customId: 'MJ::JOB::frobnicate::1::x',
      taskId: '1',
    });
    expect(unknown.status).toBe(400);
    expect((unknown.json.error as { message: string }).message).toMatch(
      /^Invalid request, unknown_action:MJ::JOB::frobnicate::1::x/,
    );
    const noCustom = await call('POST', '/mj/submit/action', { taskId: '1' });
    expect((noCustom.json.error as { message: string }).message).toMatch(
      /^Invalid request, custom_id_is_required/,
    );
    const foreign = await call('POST', '/mj/submit/change', { taskId: '999', action: 'UPSCALE', index: 1 });
    expect(foreign.json).toEqual({ description: 'task_not_found ', type: 'upstream_error', code: 4 });
    const noIndex = await call('POST', '/mj/submit/change', { taskId: '999', action: 'UPSCALE' });
    expect(noIndex.json).toEqual({ description: 'index_is_required ', type: 'upstream_error', code: 4 });
    const unknownChange = await call('POST', '/mj/submit/change', {
      taskId: '1',
      action: 'EXPLODE',
      index: 1,
    });
    expect(unknownChange.status).toBe(503);
    const simple = await call('POST', '/mj/submit/simple-change', { content: 'nonsense' });
    expect((simple.json.error as { message: string }).message).toMatch(/^Invalid request, invalid_request/);
    const swap = await call('POST', '/mj/insight-face/swap', { sourceBase64: 'x' });
    expect(swap.json).toEqual({
      description: 'sour_base64_and_target_base64_is_required ',
      type: 'upstream_error',
      code: 4,
    });
    const deep = await call('POST', '/mj/submit/imagine', '{"a":'.repeat(300) + '1' + '}'.repeat(300));
    expect(deep.status).toBe(400);
    const arrayBody = await call('POST', '/mj/submit/imagine', '[1,2]');
    expect(arrayBody.status).toBe(400);
    const notify = await call('POST', '/mj/notify', { id: 'nope', status: 'SUCCESS' });
    expect(notify.json).toEqual({
      description: 'midjourney_task_not_found ',
      type: 'upstream_error',
      code: 4,
    });
    expect((await call('GET', '/mj/task/nope/image-seed')).json).toEqual({
      description: 'task_no_found ',
      type: 'upstream_error',
      code: 4,
    });
    expect((await call('POST', '/mj/submit/unknown', { prompt: 'x' })).status).toBe(404);
    // Nothing was charged by any of it.
    const l = await taskLedger(mock.ctx, me);
    expect(l.quota).toBe(START);
  });
});

describe('actions on a finished task', () => {
  it("upscales through /submit/action and /submit/change on the task's own channel, priced per action", async () => {
    const id = (await imagine('castle')).json.result as string;
    const done = await pollToEnd(id);
    const u2 = (done.buttons as { customId: string; label: string }[]).find((b) => b.label === 'U2')!;
    const up = await call('POST', '/mj/submit/action', { customId: u2.customId, taskId: id });
    expect(up.json).toMatchObject({ code: 1 });
    const upId = up.json.result as string;
    const change = await call('POST', '/mj/submit/change', { taskId: id, action: 'VARIATION', index: 3 });
    expect(change.json).toMatchObject({ code: 1 });
    const simple = await call('POST', '/mj/submit/simple-change', { content: `${id} V1` });
    expect(simple.json).toMatchObject({ code: 1 });
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs.map((x) => [x.model_name, x.quota])).toEqual([
      ['mj_imagine', quotaOf(0.1)],
      ['mj_upscale', quotaOf(0.05)],
      ['mj_variation', quotaOf(0.1)],
      ['mj_variation', quotaOf(0.1)],
    ]);
    const upRow = await mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', upId)
      .executeTakeFirstOrThrow();
    expect(upRow).toMatchObject({ action: 'UPSCALE', prompt: 'castle', channel_id: channelId });
    const upDone = await pollToEnd(upId);
    expect((upDone.buttons as { label: string }[]).map((b) => b.label)).toContain('Vary (Region)');
    // Region variation opens a modal (free), the modal is priced as mj_modal.
    const region = (upDone.buttons as { customId: string; label: string }[]).find(
      (b) => b.label === 'Vary (Region)',
    )!;
    const inpaint = await call('POST', '/mj/submit/action', { customId: region.customId, taskId: upId });
    expect(inpaint.json).toMatchObject({ code: 21 });
    const modal = await call('POST', '/mj/submit/modal', {
      taskId: inpaint.json.result,
      maskBase64: 'AAAA',
      prompt: 'a door',
    });
    expect(modal.json).toMatchObject({ code: 1 });
    const l2 = await taskLedger(mock.ctx, me);
    expect(l2.consumeLogs.slice(4).map((x) => x.model_name)).toEqual(['mj_modal']);
    expect(l2.quota + l2.consumed).toBe(START);
  });

  it('refuses an action on an unfinished task while MjActionCheckSuccessEnabled, and passes it when off', async () => {
    const id = (await imagine('unfinished')).json.result as string;
    const refused = await call('POST', '/mj/submit/change', { taskId: id, action: 'UPSCALE', index: 1 });
    expect(refused.json).toEqual({
      description: 'task_status_not_success ',
      type: 'upstream_error',
      code: 4,
    });
    await mock.ctx.options.set('MjActionCheckSuccessEnabled', 'false');
    const passed = await call('POST', '/mj/submit/change', { taskId: id, action: 'UPSCALE', index: 1 });
    // The proxy itself refuses it (its task is not finished): no charge.
    expect(passed.json).toMatchObject({ code: 4 });
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs.map((x) => x.model_name)).toEqual(['mj_imagine']);
  });

  it('reads an image seed from the channel that drew the task', async () => {
    const id = (await imagine('seeded')).json.result as string;
    await pollToEnd(id);
    const seed = await call('GET', `/mj/task/${id}/image-seed`);
    expect(seed.status).toBe(200);
    expect(seed.json).toMatchObject({ code: 1, description: '成功' });
    expect(seed.json.result).toMatch(/^\d+$/);
  });
});

describe('other submissions', () => {
  it('prices describe, blend, shorten, swap_face and upload under their own names', async () => {
    await call('POST', '/mj/submit/describe', { base64: 'data:image/png;base64,AAAA' });
    await call('POST', '/mj/submit/blend', { base64Array: ['a', 'b'] });
    await call('POST', '/mj/submit/shorten', { prompt: 'a very long prompt' });
    const swap = await call('POST', '/mj/insight-face/swap', { sourceBase64: 'a', targetBase64: 'b' });
    expect(swap.json).toMatchObject({ code: 1, description: '提交成功' });
    const upload = await call('POST', '/mj/submit/upload-discord-images', { base64Array: ['a'] });
    expect(upload.json).toMatchObject({ code: 1 });
    expect(upload.json.result).toHaveLength(1);
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs.map((x) => [x.model_name, x.quota])).toEqual([
      ['mj_describe', quotaOf(0.05)],
      ['mj_blend', quotaOf(0.1)],
      ['mj_shorten', quotaOf(0.1)],
      ['swap_face', quotaOf(0.05)],
      ['mj_upload', quotaOf(0.05)],
    ]);
    expect(l.consumeLogs[3]!.content).toBe('模型固定价格 0.05，分组倍率 1.00，操作 SWAP_FACE');
  });

  it('follows ModelPrice and the group ratio', async () => {
    const prices = JSON.parse(mock.ctx.options.get('ModelPrice')) as Record<string, number>;
    const groups = mock.ctx.options.get('GroupRatio');
    await mock.ctx.options.set('ModelPrice', JSON.stringify({ ...prices, mj_imagine: 0.4 }));
    await mock.ctx.options.set('GroupRatio', JSON.stringify({ ...JSON.parse(groups), default: 1.5 }));
    try {
      await imagine('priced');
      const l = await taskLedger(mock.ctx, me);
      expect(l.consumeLogs.at(-1)).toMatchObject({
        quota: quotaOf(0.6),
        content: expect.stringMatching(/^模型固定价格 0.40，分组倍率 1.50/),
      });
    } finally {
      await mock.ctx.options.set('ModelPrice', JSON.stringify(prices));
      await mock.ctx.options.set('GroupRatio', groups);
    }
  });

  it('turns code 22 (queued) and 21 (already done) into 1, and charges them', async () => {
    const queued = await imagine('QUEUED please');
    expect(queued.json).toMatchObject({ code: 1, description: '排队中，前面还有1个任务' });
    const exists = await imagine('EXISTS already');
    expect(exists.json).toMatchObject({ code: 1, properties: { status: 'SUCCESS' } });
    const row = await mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', exists.json.result as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 1, status: 'SUCCESS', progress: '100%' });
    const l = await taskLedger(mock.ctx, me);
    expect(l.consumeLogs).toHaveLength(2);
  });
});

describe('mode prefixes', () => {
  it('serves every route under /mj-fast, /mj-turbo and /mj-relax, asking the proxy without the prefix', async () => {
    for (const mode of ['mj-fast', 'mj-turbo', 'mj-relax']) {
      const sub = await imagine(`in ${mode}`, {}, `/${mode}`);
      expect(sub.json).toMatchObject({ code: 1 });
      const id = sub.json.result as string;
      const fetched = await call('GET', `/${mode}/mj/task/${id}/fetch`);
      expect(fetched.json).toMatchObject({ id, prompt: `in ${mode}` });
      const listed = await call('POST', `/${mode}/mj/task/list-by-condition`, { ids: [id] });
      expect(listed.json).toHaveLength(1);
    }
    const paths = mock.upstreams.midjourney.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/mj/submit/imagine')).toHaveLength(3);
    expect(paths.some((p) => p.includes('mj-'))).toBe(false);
  });
});

describe('options', () => {
  it('strips notifyHook and accountFilter unless enabled, and --fast/--relax/--turbo with MjModeClearEnabled', async () => {
    const body = {
      prompt: 'cat --fast --relax --turbo',
      notifyHook: 'http://hook.example/x',
      accountFilter: { instanceId: '1' },
    };
    await imagine(body.prompt, body);
    let sent = mock.upstreams.midjourney.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toEqual({ prompt: body.prompt });
    await mock.ctx.options.set('MjNotifyEnabled', 'true');
    await mock.ctx.options.set('MjAccountFilterEnabled', 'true');
    await mock.ctx.options.set('MjModeClearEnabled', 'true');
    await imagine(body.prompt, body);
    sent = mock.upstreams.midjourney.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toEqual({
      prompt: 'cat   ',
      notifyHook: body.notifyHook,
      accountFilter: body.accountFilter,
    });
  });

  it('forwards the image through /mj/image/{id} with MjForwardUrlEnabled', async () => {
    await mock.ctx.options.set('ServerAddress', mock.url);
    const id = (await imagine('forwarded')).json.result as string;
    await pollToEnd(id);
    await mock.ctx.options.set('MjForwardUrlEnabled', 'true');
    const t = await call('GET', `/mj/task/${id}/fetch`);
    expect(t.json.imageUrl).toBe(`${mock.url}/mj/image/${id}`);
    const img = await fetch(t.json.imageUrl as string);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer())).toEqual(FAKE_PNG);
    // The console's list shows the forwarded address too.
    const missing = await fetch(`${mock.url}/mj/image/unknown`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'midjourney_task_not_found' });
  });

  it('never fetches an image from a private address other than its channel', async () => {
    const id = (await imagine('sneaky')).json.result as string;
    await mock.db
      .updateTable('midjourneys')
      .set({ image_url: 'http://127.0.0.1:1/secret.png' })
      .where('mj_id', '=', id)
      .execute();
    const res = await fetch(`${mock.url}/mj/image/${id}`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'http_get_image_failed' });
  });

  it("lets /mj/notify update only the caller's own unfinished task", async () => {
    const id = (await imagine('notified')).json.result as string;
    const foreign = await call(
      'POST',
      '/mj/notify',
      { id, progress: '40%', status: 'IN_PROGRESS' },
      { authorization: other.auth },
    );
    expect(foreign.json).toMatchObject({ description: 'midjourney_task_not_found ' });
    const own = await call('POST', '/mj/notify', { id, progress: '40%', status: 'IN_PROGRESS' });
    expect(own.status).toBe(200);
    expect((await call('GET', `/mj/task/${id}/fetch`)).json).toMatchObject({
      progress: '40%',
      status: 'IN_PROGRESS',
    });
  });

  it('disables a channel whose proxy has no account instance left (code 3), as new-api does', async () => {
    await mock.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const r = await imagine('NO_ACCOUNT left');
    expect(r.json).toMatchObject({ code: 3 });
    await expect
      .poll(
        async () =>
          (
            await mock.db
              .selectFrom('channels')
              .select('status')
              .where('id', '=', channelId)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe(3);
    expect((await imagine('after')).status).toBe(503);
    await mock.db.updateTable('channels').set({ status: 1 }).where('id', '=', channelId).execute();
    mock.ctx.events.emit('channels', [channelId]);
    expect((await taskLedger(mock.ctx, me)).consumed).toBe(0);
  });

  it('DrawingEnabled and TaskEnabled show or hide the console screens (/api/status), as in new-api', async () => {
    await mock.ctx.options.set('DrawingEnabled', 'false');
    await mock.ctx.options.set('TaskEnabled', 'false');
    try {
      const status = (await (await fetch(`${mock.url}/api/status`)).json()) as {
        data: Record<string, unknown>;
      };
      expect(status.data).toMatchObject({ enable_drawing: false, enable_task: false });
      // new-api's relay does not read them: drawings go on.
      expect((await imagine('still served')).json).toMatchObject({ code: 1 });
    } finally {
      await mock.ctx.options.set('DrawingEnabled', 'true');
      await mock.ctx.options.set('TaskEnabled', 'true');
    }
    const status = (await (await fetch(`${mock.url}/api/status`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(status.data).toMatchObject({ enable_drawing: true, enable_task: true });
  });
});
