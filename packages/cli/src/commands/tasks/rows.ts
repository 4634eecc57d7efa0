import type { DrawingTask, Task } from '@switchboard/sdk';
import { usageError } from '../../core/errors.js';
import type { Column } from '../../core/output.js';

/** One drawing (Midjourney) or music (Suno) task, as `swb tasks` shows both. */
export interface TaskRow {
  platform: string;
  task_id: string;
  user_id: number;
  channel_id: number;
  action: string;
  status: string;
  progress: string;
  fail_reason: string;
  /** Unix seconds. */
  submit_time: number;
  finish_time: number;
  quota: number;
  prompt?: string;
  image_url?: string;
  buttons?: unknown;
  data?: unknown;
}

/** Drawing times are stored in milliseconds, music times in seconds: both become seconds here. */
const seconds = (ms: number) => Math.floor(ms / 1000);

function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function drawingRow(d: DrawingTask): TaskRow {
  return {
    platform: 'mj',
    task_id: d.mj_id,
    user_id: d.user_id,
    channel_id: d.channel_id,
    action: d.action,
    status: d.status,
    progress: d.progress,
    fail_reason: d.fail_reason,
    submit_time: seconds(d.submit_time),
    finish_time: seconds(d.finish_time),
    quota: d.quota,
    prompt: d.prompt,
    image_url: d.image_url,
    buttons: parsed(d.buttons ?? ''),
  };
}

export function musicRow(t: Task): TaskRow {
  return {
    platform: t.platform,
    task_id: t.task_id,
    user_id: t.user_id,
    channel_id: t.channel_id,
    action: t.action,
    status: t.status,
    progress: t.progress,
    fail_reason: t.fail_reason,
    submit_time: t.submit_time,
    finish_time: t.finish_time,
    quota: t.quota,
    data: t.data,
  };
}

export const TASK_COLUMNS: readonly Column<TaskRow>[] = [
  { key: 'platform' },
  { key: 'task_id', header: 'TASK' },
  { key: 'user_id', header: 'USER' },
  { key: 'action' },
  { key: 'status' },
  { key: 'progress' },
  { key: 'quota', kind: 'quota' },
  { key: 'submit_time', header: 'SUBMITTED', kind: 'time' },
  { key: 'fail_reason', header: 'FAILURE' },
];

export const TASK_DETAIL_COLUMNS: readonly Column<TaskRow>[] = [
  ...TASK_COLUMNS,
  { key: 'channel_id', header: 'CHANNEL' },
  { key: 'finish_time', header: 'FINISHED', kind: 'time' },
  { key: 'prompt' },
  { key: 'image_url', header: 'IMAGE' },
];

export type Platform = 'mj' | 'suno' | undefined;

/** `--platform`: `mj` (drawings) or `suno` (music); both when absent. */
export function platformOf(value: string | undefined): Platform {
  if (value === undefined) return undefined;
  if (value === 'mj' || value === 'suno') return value;
  throw usageError(`--platform must be mj or suno, not ${value}`);
}

export const PLATFORM_OPTION = {
  flags: '--platform <name>',
  description: 'mj (drawings) or suno (music); both by default',
};
export const MINE_OPTION = {
  flags: '--mine',
  description: 'your own tasks (the only ones a user who is not an admin may see)',
};
