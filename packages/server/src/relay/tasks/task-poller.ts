import type { Selectable } from 'kysely';
import type { MidjourneysTable, TasksTable } from '../../db/tables.js';
import type { RelayRuntime } from '../runtime.js';
import { callTaskUpstream, jsonObject, num, str } from './task-http.js';
import { failAndRefund, updateUnfinished } from './task-refund.js';

/** How many unfinished tasks one poll reads (new-api reads 500 music tasks, every drawing). */
const BATCH = 500;
const POLL_TIMEOUT_MS = 15_000;
/** A drawing unfinished this long after its submission has failed (new-api: one hour). */
const MJ_TIMEOUT_MS = 3_600_000;

type MjRow = Selectable<MidjourneysTable>;
type SunoRow = Selectable<TasksTable>;
type Channel = NonNullable<ReturnType<RelayRuntime['channels']['get']>>;

const mjRefundLine = (mjId: string) => (quota: string) => `构图失败 ${mjId}，补偿 ${quota}`;
const sunoRefundLine = (taskId: string) => (quota: string) => `异步任务执行失败 ${taskId}，补偿 ${quota}`;

const asTask = (row: { id: number; user_id: number; token_id: number; quota: number }) => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  token_id: Number(row.token_id),
  quota: Number(row.quota),
});

/**
 * A task that never reached its upstream's list (no upstream id, or its channel is gone). Switchboard's rows
 * record only what was charged, so theirs is refunded; a row adopted from new-api (no `token_id`) may record a
 * price new-api never took, and is ended without a refund, as new-api ends it.
 */
const unpolled = (row: { id: number; user_id: number; token_id: number; quota: number }) => {
  const task = asTask(row);
  return task.token_id ? task : { ...task, quota: 0 };
};

function groupByChannel<T extends { channel_id: number }>(rows: T[]): Map<number, T[]> {
  const by = new Map<number, T[]>();
  for (const row of rows) {
    const list = by.get(Number(row.channel_id)) ?? [];
    list.push(row);
    by.set(Number(row.channel_id), list);
  }
  return by;
}

/**
 * One round of new-api's UpdateMidjourneyTaskBulk and UpdateTaskBulk: every unfinished task is asked of its
 * channel in one request per channel, and what came back stored as new-api stores it. A task that failed is
 * ended and refunded by {@link failAndRefund}, exactly once whoever else polls; news of an unfinished task is
 * written only while it is unfinished. Tasks without an upstream id, or whose channel is gone, fail (and are
 * refunded: only what was charged is ever recorded as a task's quota).
 */
export class TaskPoller {
  constructor(private readonly rt: RelayRuntime) {}

  async runOnce(): Promise<void> {
    await this.rt.channels.ready();
    await this.pollDrawings();
    await this.pollMusic();
  }

  /**
   * Ends, with their refund (`end`), the tasks that cannot be polled (no upstream id, or their channel is gone),
   * and answers the others by channel.
   */
  private async pollable<R extends MjRow | SunoRow>(
    rows: R[],
    upstreamId: (row: R) => string,
    end: (row: R, failReason: string) => Promise<unknown>,
  ): Promise<[Channel, R[]][]> {
    const withId: R[] = [];
    for (const row of rows) {
      if (upstreamId(row) === '') await end(row, '');
      else withId.push(row);
    }
    const pollable: [Channel, R[]][] = [];
    for (const [channelId, tasks] of groupByChannel(withId)) {
      const channel = this.rt.channels.get(channelId);
      if (channel) pollable.push([channel, tasks]);
      else for (const t of tasks) await end(t, `获取渠道信息失败，请联系管理员，渠道ID：${channelId}`);
    }
    return pollable;
  }

  private async pollDrawings(): Promise<void> {
    const ctx = this.rt.ctx;
    const rows = await ctx.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('progress', '<>', '100%')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const end = (row: MjRow, fail_reason: string) =>
      failAndRefund(
        ctx,
        'midjourneys',
        unpolled(row),
        { status: 'FAILURE', ...(fail_reason ? { fail_reason } : {}) },
        mjRefundLine(row.mj_id),
      );
    for (const [channel, tasks] of await this.pollable(rows, (r) => r.mj_id, end)) {
      let items: unknown;
      try {
        const answer = await callTaskUpstream(
          'POST',
          `${channel.baseUrl}/mj/task/list-by-condition`,
          { 'content-type': 'application/json', 'mj-api-secret': channel.key },
          JSON.stringify({ ids: tasks.map((t) => t.mj_id) }),
          POLL_TIMEOUT_MS,
        );
        if (answer.status !== 200) continue;
        items = JSON.parse(answer.text);
      } catch {
        continue;
      }
      if (!Array.isArray(items)) continue;
      const byMjId = new Map(tasks.map((t) => [t.mj_id, t]));
      for (const item of items) {
        const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
        const task = o && byMjId.get(str(o.id));
        if (o && task) await this.storeDrawing(task, o);
      }
    }
  }

  private async storeDrawing(task: MjRow, item: Record<string, unknown>): Promise<void> {
    const news = {
      code: 1,
      progress: str(item.progress),
      prompt_en: str(item.promptEn),
      state: str(item.state),
      submit_time: num(item.submitTime),
      start_time: num(item.startTime),
      finish_time: num(item.finishTime),
      image_url: str(item.imageUrl),
      status: str(item.status),
      fail_reason: str(item.failReason),
      ...(item.properties !== undefined && item.properties !== null
        ? { properties: JSON.stringify(item.properties) }
        : {}),
      ...(item.buttons !== undefined && item.buttons !== null
        ? { buttons: JSON.stringify(item.buttons) }
        : {}),
    };
    if (Date.now() - Number(task.submit_time) > MJ_TIMEOUT_MS && task.progress !== '100%') {
      news.fail_reason = '上游任务超时（超过1小时）';
      news.status = 'FAILURE';
    }
    if (!changed(task, news)) return;
    const failed =
      (news.progress !== '100%' && news.fail_reason !== '') ||
      (news.progress === '100%' && news.status === 'FAILURE');
    if (failed) await failAndRefund(this.rt.ctx, 'midjourneys', asTask(task), news, mjRefundLine(task.mj_id));
    else await updateUnfinished(this.rt.ctx, 'midjourneys', Number(task.id), news);
  }

  private async pollMusic(): Promise<void> {
    const ctx = this.rt.ctx;
    const rows = await ctx.db
      .selectFrom('tasks')
      .selectAll()
      .where('progress', '<>', '100%')
      .where('platform', '=', 'suno')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const end = (row: SunoRow, fail_reason: string) =>
      failAndRefund(
        ctx,
        'tasks',
        unpolled(row),
        { status: 'FAILURE', ...(fail_reason ? { fail_reason } : {}) },
        sunoRefundLine(row.task_id),
      );
    for (const [channel, tasks] of await this.pollable(rows, (r) => r.task_id, end)) {
      let answer: Record<string, unknown> | undefined;
      try {
        const reply = await callTaskUpstream(
          'POST',
          `${channel.baseUrl}/suno/fetch`,
          { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` },
          JSON.stringify({ ids: tasks.map((t) => t.task_id) }),
          POLL_TIMEOUT_MS,
        );
        if (reply.status !== 200) continue;
        answer = jsonObject(reply.text);
      } catch {
        continue;
      }
      if (answer?.code !== 'success' || !Array.isArray(answer.data)) continue;
      const byId = new Map(tasks.map((t) => [t.task_id, t]));
      for (const item of answer.data as unknown[]) {
        const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
        const task = o && byId.get(str(o.task_id));
        if (o && task) await this.storeMusic(task, o);
      }
    }
  }

  private async storeMusic(task: SunoRow, item: Record<string, unknown>): Promise<void> {
    const status = str(item.status);
    const failReason = str(item.fail_reason);
    const data = item.data === undefined ? 'null' : JSON.stringify(item.data);
    const unchanged =
      Number(task.submit_time) === num(item.submit_time) &&
      Number(task.start_time) === num(item.start_time) &&
      Number(task.finish_time) === num(item.finish_time) &&
      task.status === status &&
      task.fail_reason === failReason &&
      !((task.status === 'FAILURE' || task.status === 'SUCCESS') && task.progress !== '100%') &&
      sameJson(task.data, data);
    if (unchanged) return;
    const news = {
      status: status || task.status,
      fail_reason: failReason || task.fail_reason,
      submit_time: num(item.submit_time) || Number(task.submit_time),
      start_time: num(item.start_time) || Number(task.start_time),
      finish_time: num(item.finish_time) || Number(task.finish_time),
      data,
      updated_at: this.rt.ctx.now(),
      ...(status === 'SUCCESS' ? { progress: '100%' } : {}),
    };
    if (failReason !== '' || news.status === 'FAILURE')
      await failAndRefund(this.rt.ctx, 'tasks', asTask(task), news, sunoRefundLine(task.task_id));
    else await updateUnfinished(this.rt.ctx, 'tasks', Number(task.id), news);
  }
}

/** new-api's checkMjTaskNeedUpdate: anything the proxy says differs from the row, or a failure is reported. */
function changed(task: MjRow, news: { code: number } & Record<string, unknown>): boolean {
  if (Number(task.code) !== 1) return true;
  const row = task as unknown as Record<string, unknown>;
  for (const key of ['progress', 'prompt_en', 'state', 'image_url', 'status', 'fail_reason'])
    if (row[key] !== news[key]) return true;
  for (const key of ['submit_time', 'start_time', 'finish_time'])
    if (Number(row[key]) !== news[key]) return true;
  return task.progress !== '100%' && news.fail_reason !== '';
}

function sameJson(stored: string, next: string): boolean {
  try {
    return JSON.stringify(JSON.parse(stored || 'null')) === JSON.stringify(JSON.parse(next));
  } catch {
    return stored === next;
  }
}
