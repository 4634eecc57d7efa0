import { pageOf } from '../../db/query-helpers.js';
import type { Db } from '../../db/database.js';

export interface DrawingFilter {
  userId?: number;
  channel_id?: number;
  mj_id?: string;
  /** Unix milliseconds, as `submit_time` is stored for drawings. */
  fromMs?: number;
  toMs?: number;
}

export interface TaskFilter {
  userId?: number;
  channel_id?: number;
  platform?: string;
  task_id?: string;
  status?: string;
  action?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

function drawings(db: Db, f: DrawingFilter) {
  let q = db.selectFrom('midjourneys');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.channel_id) q = q.where('channel_id', '=', f.channel_id);
  if (f.mj_id) q = q.where('mj_id', '=', f.mj_id);
  if (f.fromMs !== undefined) q = q.where('submit_time', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('submit_time', '<=', f.toMs);
  return q;
}

function tasks(db: Db, f: TaskFilter) {
  let q = db.selectFrom('tasks');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.channel_id) q = q.where('channel_id', '=', f.channel_id);
  if (f.platform) q = q.where('platform', '=', f.platform);
  if (f.task_id) q = q.where('task_id', '=', f.task_id);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.start_timestamp !== undefined) q = q.where('submit_time', '>=', f.start_timestamp);
  if (f.end_timestamp !== undefined) q = q.where('submit_time', '<=', f.end_timestamp);
  return q;
}

/** One page of drawings, newest first, plus the filter's total. */
export async function listDrawings(db: Db, f: DrawingFilter, limit: number, offset: number) {
  return pageOf(drawings(db, f).selectAll().orderBy('id', 'desc'), { limit, offset });
}

/** One page of async tasks, newest first, plus the filter's total. */
export async function listTasks(db: Db, f: TaskFilter, limit: number, offset: number) {
  return pageOf(tasks(db, f).selectAll().orderBy('id', 'desc'), { limit, offset });
}
