import type { DrawingTask, Task } from '@switchboard/sdk';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { MidjourneysTable, TasksTable } from '../../db/tables.js';
import type { PageRequest } from '../../http/paging.js';
import { listDrawings, listTasks, type TaskFilter } from './tasks.repository.js';

/** Values above this are already milliseconds (seconds reach it only in the year 5138). */
const MS_THRESHOLD = 100_000_000_000;

/**
 * Drawing submit times are stored in milliseconds while the SDK sends unix seconds; new-api's own console
 * sends milliseconds. Both are accepted: a value this large is taken as milliseconds.
 */
export function toMs(value: number | undefined, end = false): number | undefined {
  if (value === undefined) return undefined;
  if (value >= MS_THRESHOLD) return value;
  return value * 1000 + (end ? 999 : 0);
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toDrawing(ctx: AppContext, row: Selectable<MidjourneysTable>): DrawingTask {
  const forward = ctx.options.bool('MjForwardUrlEnabled') && row.image_url !== '';
  return {
    id: Number(row.id),
    code: Number(row.code),
    user_id: Number(row.user_id),
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt,
    prompt_en: row.prompt_en,
    description: row.description,
    state: row.state,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    // Forwarding hides the drawing proxy's address behind ours.
    image_url: forward ? `${ctx.options.get('ServerAddress')}/mj/image/${row.mj_id}` : row.image_url,
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason,
    channel_id: Number(row.channel_id),
    quota: Number(row.quota),
    buttons: row.buttons,
    properties: row.properties,
  };
}

function toTask(row: Selectable<TasksTable>): Task {
  const properties = parseJson(row.properties);
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: Number(row.user_id),
    channel_id: Number(row.channel_id),
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    properties: properties && typeof properties === 'object' ? (properties as Task['properties']) : null,
    data: parseJson(row.data),
  };
}

export interface DrawingQuery {
  userId?: number;
  channel_id?: number;
  mj_id?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

export async function drawingPage(ctx: AppContext, q: DrawingQuery, page: PageRequest) {
  const filter = {
    userId: q.userId,
    channel_id: q.channel_id,
    mj_id: q.mj_id,
    fromMs: toMs(q.start_timestamp),
    toMs: toMs(q.end_timestamp, true),
  };
  const { rows, total } = await listDrawings(ctx.db, filter, page.pageSize, page.offset);
  return { items: rows.map((row) => toDrawing(ctx, row)), total };
}

export async function taskPage(ctx: AppContext, filter: TaskFilter, page: PageRequest) {
  const { rows, total } = await listTasks(ctx.db, filter, page.pageSize, page.offset);
  return { items: rows.map(toTask), total };
}
