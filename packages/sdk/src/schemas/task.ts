import { z } from 'zod';
import { TaskStatus } from '../constants/states.js';
import { msg } from '../i18n/translate.js';
import { intField, ListParamsSchema, orDefault, timeRangeShape, withTimeRange } from './common.js';

/** A drawing (Midjourney) task row of `GET /api/mj/`. */
export const DrawingTaskSchema = z.object({
  id: z.number().int(),
  /** Submission answer: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
  code: orDefault(z.number().int(), 0),
  user_id: orDefault(z.number().int(), 0),
  /** IMAGINE, UPSCALE, ... see DrawingAction. */
  action: orDefault(z.string(), ''),
  mj_id: orDefault(z.string(), ''),
  prompt: orDefault(z.string(), ''),
  prompt_en: orDefault(z.string(), ''),
  description: orDefault(z.string(), ''),
  state: orDefault(z.string(), ''),
  /** Unix milliseconds, as the drawing proxy reports them. */
  submit_time: orDefault(z.number(), 0),
  start_time: orDefault(z.number(), 0),
  finish_time: orDefault(z.number(), 0),
  /** Rewritten to `{ServerAddress}/mj/image/{mj_id}` when forwarding is on. */
  image_url: orDefault(z.string(), ''),
  /** SUCCESS, FAILURE, IN_PROGRESS, ... see TaskStatus. */
  status: orDefault(z.string(), ''),
  /** e.g. "100%". */
  progress: orDefault(z.string(), ''),
  fail_reason: orDefault(z.string(), ''),
  channel_id: orDefault(z.number().int(), 0),
  quota: orDefault(z.number(), 0),
  /** JSON text of the proxy's buttons (newer servers). */
  buttons: z.string().optional(),
  /** JSON text of the proxy's properties (newer servers). */
  properties: z.string().optional(),
});
/** A drawing task. */
export type DrawingTask = z.output<typeof DrawingTaskSchema>;

/** An async (music) task row of `GET /api/task/`. */
export const TaskSchema = z.object({
  id: z.number().int(),
  created_at: orDefault(z.number(), 0),
  updated_at: orDefault(z.number(), 0),
  /** The platform's task id. */
  task_id: orDefault(z.string(), ''),
  /** e.g. `suno`. */
  platform: orDefault(z.string(), ''),
  user_id: orDefault(z.number().int(), 0),
  channel_id: orDefault(z.number().int(), 0),
  quota: orDefault(z.number(), 0),
  /** MUSIC or LYRICS. */
  action: orDefault(z.string(), ''),
  /** See TaskStatus. */
  status: orDefault(z.string(), ''),
  fail_reason: orDefault(z.string(), ''),
  /** Unix seconds. */
  submit_time: orDefault(z.number(), 0),
  start_time: orDefault(z.number(), 0),
  finish_time: orDefault(z.number(), 0),
  progress: orDefault(z.string(), ''),
  properties: z.looseObject({ input: z.string().optional() }).nullish(),
  /** The platform's raw task data. */
  data: z.unknown().optional(),
});
/** An async task. */
export type Task = z.output<typeof TaskSchema>;

/** `GET /api/mj/` and `/api/mj/self`: page (10 rows, fixed by the server) and filters. */
export const DrawingListParamsSchema = withTimeRange(
  ListParamsSchema.extend({
    /** Admin only. */
    channel_id: intField(msg('common.invalidId')).optional(),
    mj_id: z.string().trim().optional(),
    ...timeRangeShape,
  }),
);
/** Drawing task list parameters. */
export type DrawingListParams = z.input<typeof DrawingListParamsSchema>;

/** `GET /api/task/` and `/api/task/self`: page (10 rows) and filters. */
export const TaskListParamsSchema = withTimeRange(
  ListParamsSchema.extend({
    platform: z.string().trim().optional(),
    task_id: z.string().trim().optional(),
    status: z.enum(TaskStatus, msg('task.invalidStatus')).optional(),
    action: z.string().trim().optional(),
    /** Admin only; ignored by new-api 0.4.8. */
    channel_id: intField(msg('common.invalidId')).optional(),
    ...timeRangeShape,
  }),
);
/** Async task list parameters. */
export type TaskListParams = z.input<typeof TaskListParamsSchema>;
