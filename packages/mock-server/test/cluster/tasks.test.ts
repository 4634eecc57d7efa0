import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startMidjourneyUpstream,
  startSunoUpstream,
  type MidjourneyUpstream,
  type SunoUpstream,
} from '../../src/index.js';
import { testDialects } from '../../src/server-api.js';
import { MJ_MODELS, newTaskCaller, SUNO_MODELS, type TaskCaller } from '../task-kit.js';
import { flushAll, ledgerOf, startNodes, within, type Cluster, type Node } from './nodes.js';

const dialects = testDialects().filter((d) => d !== 'sqlite') as ('postgres' | 'mysql')[];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Reads that never finish a task (the fakes hold it in progress until told otherwise). */
const FOREVER = 1_000_000_000;

/**
 * A failed drawing or song is refunded exactly once by real nodes polling under the `task-poll` job lease: when
 * the polling node stalls mid-poll (SIGSTOP) long enough for the other to take the lease and finish the tasks,
 * then wakes with its stale rows and the upstream's answer; and when it is killed (SIGKILL) mid-poll, the other
 * takes over and it starts again on its data folder. The refund must come once per task, whoever polls.
 */
describe.skipIf(dialects.length === 0).each(dialects)('task refunds across nodes on %s', (dialect) => {
  let mj: MidjourneyUpstream;
  let suno: SunoUpstream;
  let cluster: Cluster;
  let me: TaskCaller;
  const START = 5_000_000;
  const TOKEN_START = 1_000_000;

  beforeAll(async () => {
    [mj, suno] = await Promise.all([startMidjourneyUpstream(), startSunoUpstream()]);
    mj.setSteps(FOREVER);
    suno.setSteps(FOREVER);
    cluster = await startNodes({
      dialect,
      count: 2,
      // The lease lives 2 s at this period: a stalled or dead holder loses it to the other node within ~3 s.
      env: { TASK_POLL_MS: '200' },
      channels: [
        { name: 'mj', type: 2, baseUrl: mj.url, key: mj.key, models: MJ_MODELS },
        { name: 'suno', type: 36, baseUrl: suno.url, key: suno.key, models: SUNO_MODELS },
      ],
    });
    me = await newTaskCaller(cluster.db, { quota: START, tokenQuota: TOKEN_START });
  }, 90_000);
  afterAll(async () => {
    for (const n of cluster?.nodes ?? []) n.proc.child.kill('SIGCONT');
    await cluster?.close();
    await Promise.all([mj?.close(), suno?.close()]);
  }, 30_000);

  /** Three drawings and three songs, each kind sent to both nodes in turn; answers the upstream ids. */
  async function submit(round: string): Promise<{ mjIds: string[]; sunoIds: string[] }> {
    const post = async (node: Node, path: string, prompt: string) => {
      const res = await fetch(`${node.url}${path}`, {
        method: 'POST',
        headers: { authorization: me.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    const mjIds: string[] = [];
    const sunoIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const drawing = await post(cluster.nodes[i % 2]!, '/mj/submit/imagine', `FAIL_LATER ${round} ${i}`);
      expect(drawing).toMatchObject({ code: 1 });
      mjIds.push(String(drawing.result));
      const song = await post(cluster.nodes[(i + 1) % 2]!, '/suno/submit/music', `FAIL_LATER ${round} ${i}`);
      expect(song).toMatchObject({ code: 'success' });
      sunoIds.push(String(song.data));
    }
    return { mjIds, sunoIds };
  }

  /** How many of these tasks are finished in the database. */
  async function finished(ids: { mjIds: string[]; sunoIds: string[] }): Promise<number> {
    const none = ['-'];
    const a = await cluster.db
      .selectFrom('midjourneys')
      .select('id')
      .where('mj_id', 'in', ids.mjIds.length ? ids.mjIds : none)
      .where('progress', '=', '100%')
      .execute();
    const b = await cluster.db
      .selectFrom('tasks')
      .select('id')
      .where('task_id', 'in', ids.sunoIds.length ? ids.sunoIds : none)
      .where('progress', '=', '100%')
      .execute();
    return a.length + b.length;
  }

  /** The node holding the `task-poll` lease now. */
  async function holder(): Promise<Node | undefined> {
    const row = await cluster.db
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', 'task-poll')
      .executeTakeFirst();
    return cluster.nodes.find(
      (n) => row && readFileSync(join(n.dataDir, 'node-id'), 'utf8').trim() === row.holder,
    );
  }

  /** The lowest balance of user and token seen while the nodes work. */
  let lowest = Infinity;
  async function sample(): Promise<void> {
    const l = await ledgerOf(cluster.db, me.userId, me.tokenId);
    lowest = Math.min(lowest, l.quota, l.remain);
  }
  const until = (ms: number, check: () => Promise<boolean>) =>
    within(ms, async () => {
      await sample();
      return check();
    });

  it(
    'refunds each failed task once when the polling node stalls mid-poll and when it is killed mid-poll',
    { timeout: 120_000 },
    async () => {
      const all = { mjIds: [] as string[], sunoIds: [] as string[] };
      const keep = (ids: { mjIds: string[]; sunoIds: string[] }) => {
        all.mjIds.push(...ids.mjIds);
        all.sunoIds.push(...ids.sunoIds);
      };

      // Stalled holder: its drawing poll is in flight (the fake answers after a second) when it stops.
      const stalled = await submit('stall');
      keep(stalled);
      await until(20_000, async () => (await holder()) !== undefined);
      mj.setLatency(1000);
      let seen = mj.requests.length;
      mj.setSteps(2);
      suno.setSteps(1);
      await until(10_000, async () =>
        mj.requests.slice(seen).some((r) => r.path === '/mj/task/list-by-condition'),
      );
      const paused = (await holder())!;
      paused.proc.child.kill('SIGSTOP');
      let tookOver = false;
      await until(15_000, async () => {
        const now = await holder();
        tookOver ||= now !== undefined && now !== paused;
        return tookOver && (await finished(stalled)) === 6;
      }).catch(() => {
        // A node stopped inside a transaction (a settlement, say) keeps its row locks: the other node's refunds
        // wait for it, so it is woken anyway and the race is run out with both awake.
      });
      expect(tookOver).toBe(true);
      // It wakes to the failures the fake answered while it slept, for rows it read before the other node.
      paused.proc.child.kill('SIGCONT');
      await until(30_000, async () => (await finished(stalled)) === 6);
      await sleep(2000);
      mj.setLatency(0);

      // Killed holder: its drawings are refunded, then it dies with its song poll in flight.
      mj.setSteps(FOREVER);
      suno.setSteps(FOREVER);
      const crashed = await submit('crash');
      keep(crashed);
      mj.setSteps(2);
      await until(20_000, async () => (await finished({ mjIds: crashed.mjIds, sunoIds: [] })) === 3);
      suno.setLatency(1500);
      seen = suno.requests.length;
      suno.setSteps(1);
      await until(10_000, async () => suno.requests.slice(seen).some((r) => r.path === '/suno/fetch'));
      const killed = (await holder())!;
      await killed.kill();
      await until(30_000, async () => (await finished(crashed)) === 6);
      expect(await holder()).not.toBe(killed);
      await killed.restart();
      suno.setLatency(0);
      await sleep(1000);

      await flushAll(cluster);
      const refunds = async () =>
        cluster.db
          .selectFrom('logs')
          .select(['quota', 'content', 'token_id'])
          .where('user_id', '=', me.userId)
          .where('type', '=', 4)
          .execute();
      await until(10_000, async () => (await refunds()).length >= 12);
      const refundLogs = (await refunds()).filter((l) => String(l.content).includes('补偿'));
      const consumeLogs = await cluster.db
        .selectFrom('logs')
        .select(['quota'])
        .where('user_id', '=', me.userId)
        .where('type', '=', 2)
        .execute();
      const charged = [
        ...(await cluster.db
          .selectFrom('midjourneys')
          .select(['mj_id as id', 'quota'])
          .where('user_id', '=', me.userId)
          .execute()),
        ...(await cluster.db
          .selectFrom('tasks')
          .select(['task_id as id', 'quota'])
          .where('user_id', '=', me.userId)
          .execute()),
      ];
      expect(charged.map((c) => c.id).sort()).toEqual([...all.mjIds, ...all.sunoIds].sort());
      expect(consumeLogs).toHaveLength(12);
      expect(refundLogs).toHaveLength(12);
      for (const task of charged) {
        const mine = refundLogs.filter((l) => String(l.content).includes(` ${task.id}，`));
        expect(mine, task.id).toHaveLength(1);
        expect(Number(mine[0]!.quota)).toBe(Number(task.quota));
        expect(Number(mine[0]!.token_id)).toBe(me.tokenId);
      }
      const consumed = consumeLogs.reduce((n, l) => n + Number(l.quota), 0);
      const refunded = refundLogs.reduce((n, l) => n + Number(l.quota), 0);
      expect(consumed).toBeGreaterThan(0);
      const { quota, remain } = await ledgerOf(cluster.db, me.userId, me.tokenId);
      expect(quota + consumed - refunded).toBe(START);
      expect(remain + consumed - refunded).toBe(TOKEN_START);
      expect(refunded).toBe(consumed);
      expect(lowest).toBeGreaterThanOrEqual(0);
    },
  );
});
