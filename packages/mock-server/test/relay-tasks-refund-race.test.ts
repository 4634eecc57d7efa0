import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMidjourneyUpstream,
  startSunoUpstream,
  type MidjourneyUpstream,
  type SunoUpstream,
} from '../src/index.js';
import { buildApp, openTestDb, testConfig, testDialects, type Db, type TestDb } from '../src/server-api.js';
import {
  addTaskChannel,
  MJ_MODELS,
  newTaskCaller,
  SUNO_MODELS,
  taskLedger,
  type TaskCaller,
} from './task-kit.js';

/**
 * A failed task is refunded exactly once on every database: two nodes polling the same failures at once, and a
 * node started afresh (a restart) polling them again, find them finished and give nothing back twice. The guard
 * is the database's: the task's move to finished and its refund are one transaction whose conditional update
 * only one poller can win.
 */
let mj: MidjourneyUpstream;
let suno: SunoUpstream;

beforeAll(async () => {
  [mj, suno] = await Promise.all([startMidjourneyUpstream(), startSunoUpstream()]);
});
afterAll(async () => {
  await Promise.all([mj.close(), suno.close()]);
});

type Built = Awaited<ReturnType<typeof buildApp>>;

/**
 * The caller's ledger once both nodes have written what they settled. A node's flush can return while another
 * pool's commit is not yet visible to this one, so the read is repeated (for a bounded time) until `done`.
 */
async function settled(
  a: Built,
  b: Built,
  me: TaskCaller,
  done: (l: Awaited<ReturnType<typeof taskLedger>>) => boolean,
) {
  let l = await taskLedger(a.ctx, me);
  for (let i = 0; i < 50 && !done(l); i++) {
    await new Promise((r) => setTimeout(r, 100));
    await b.ctx.flush();
    l = await taskLedger(a.ctx, me);
  }
  return l;
}

describe.each(testDialects())('refund race on %s', (dialect) => {
  let handle: TestDb;
  const nodes: Built[] = [];
  const pools: Db[] = [];
  /** A node with its own connection pool where the database has one (a second process would). */
  const node = async (first = false) => {
    let db = handle.db;
    if (!first && handle.connect) pools.push((db = await handle.connect()));
    const built = await buildApp({ db, config: testConfig() });
    await built.app.ready();
    nodes.push(built);
    return built;
  };

  beforeAll(async () => {
    handle = await openTestDb(dialect);
  }, 60_000);
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    for (const p of pools) await p.destroy();
    await handle?.close();
  }, 60_000);

  it('gives each failed drawing and song back once, with two nodes polling and a restarted one after them', async () => {
    const a = await node(true);
    const b = await node();
    await addTaskChannel(a.ctx, { name: 'mj', type: 2, baseUrl: mj.url, key: mj.key, models: MJ_MODELS });
    await addTaskChannel(a.ctx, {
      name: 'suno',
      type: 36,
      baseUrl: suno.url,
      key: suno.key,
      models: SUNO_MODELS,
    });
    b.ctx.events.emit('channels', []);
    const START = 50_000_000;
    const TOKEN_START = 20_000_000;
    const me = await newTaskCaller(a.ctx.db, { quota: START, tokenQuota: TOKEN_START });
    mj.setSteps(2);
    const N = 6;
    for (let i = 0; i < N; i++) {
      const mjRes = await a.inject({
        method: 'POST',
        url: '/mj/submit/imagine',
        headers: { authorization: me.auth, 'content-type': 'application/json' },
        payload: { prompt: `FAIL_LATER ${i}` },
      });
      expect(mjRes.json()).toMatchObject({ code: 1 });
      const sunoRes = await b.inject({
        method: 'POST',
        url: '/suno/submit/music',
        headers: { authorization: me.auth, 'content-type': 'application/json' },
        payload: { prompt: `FAIL_LATER ${i}` },
      });
      expect(sunoRes.json()).toMatchObject({ code: 'success' });
    }
    const charged = await settled(a, b, me, (l) => l.consumeLogs.length === 2 * N);
    const perTask = Math.trunc(0.1 * 500_000);
    expect(charged.consumeLogs).toHaveLength(2 * N);

    for (let round = 0; round < 5; round++) await Promise.all([a.app.pollTasks(), b.app.pollTasks()]);
    const restarted = await node();
    await restarted.app.pollTasks();
    await Promise.all([a.app.pollTasks(), b.app.pollTasks(), restarted.app.pollTasks()]);

    const l = await settled(a, b, me, (x) => x.refundLogs.length >= 2 * N);
    expect(l.refundLogs).toHaveLength(2 * N);
    expect(l.refunded).toBe(2 * N * perTask);
    expect(l.quota).toBe(START);
    expect(l.remain).toBe(TOKEN_START);
    expect(l.quota + l.consumed - l.refunded).toBe(START);
    expect(l.remain + l.consumed - l.refunded).toBe(TOKEN_START);
    const unfinished = await a.ctx.db
      .selectFrom('midjourneys')
      .select('id')
      .where('progress', '<>', '100%')
      .execute();
    expect(unfinished).toHaveLength(0);
  }, 120_000);
});
