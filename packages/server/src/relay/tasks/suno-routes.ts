import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { TasksTable } from '../../db/tables.js';
import { RelayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import { sendTaskError } from './task-answers.js';
import { chargeTask, holdTaskPrice, releaseTaskHold } from './task-charge.js';
import { callTaskUpstream, jsonObject, str, TaskUpstreamError } from './task-http.js';
import { taskPrice } from './task-price.js';
import { bodyObject, callerOf, routeTask } from './task-route.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const SUBMIT_TIMEOUT_MS = 60_000;

/** The fields of a Suno submission new-api forwards (dto.SunoSubmitReq, empty ones left out). */
function sunoBody(body: Record<string, unknown>, action: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [
    'gpt_description_prompt',
    'prompt',
    'mv',
    'title',
    'tags',
    'task_id',
    'continue_clip_id',
  ])
    if (typeof body[key] === 'string' && body[key] !== '') out[key] = body[key];
  if (typeof body.continue_at === 'number' && body.continue_at !== 0) out.continue_at = body.continue_at;
  out.make_instrumental = body.make_instrumental === true;
  if (action === 'MUSIC' && !out.mv) out.mv = 'chirp-v3-0';
  return out;
}

/** A task as the Suno routes answer it (new-api dto.TaskDto). */
function taskDto(row: Selectable<TasksTable>) {
  let data: unknown;
  try {
    data = row.data ? JSON.parse(row.data) : null;
  } catch {
    data = null;
  }
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason,
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    data,
  };
}

/**
 * `POST /suno/submit/{music|lyrics}` (new-api's RelayTaskSubmit with the Suno adaptor): checked, the action's
 * price held, the Suno API asked, charged when it answers `code: "success"`, and the task recorded with what
 * was charged (what a later failure refunds).
 */
async function submitSuno(rt: RelayRuntime, req: FastifyRequest, reply: FastifyReply) {
  const caller = callerOf(req);
  const raw = (req.params as { action: string }).action;
  // Routed under new-api's model name of the path's action, as its distributor does.
  const routedTo = await routeTask(rt, caller, `suno_${raw.toLowerCase()}`);
  const group = routedTo.group;
  let channel = routedTo.channel;
  const action = raw.toUpperCase();
  const body = bodyObject(req.body);
  if (!body) return sendTaskError(reply, 400, 'invalid_request', 'invalid request body');
  if (action !== 'MUSIC' && action !== 'LYRICS')
    return sendTaskError(reply, 400, 'invalid_request', 'invalid_action');
  if (action === 'LYRICS' && !str(body.prompt))
    return sendTaskError(reply, 400, 'invalid_request', 'prompt_empty');
  const origin = str(body.continue_clip_id) ? str(body.task_id) : '';
  if (str(body.continue_clip_id) && !origin)
    return sendTaskError(reply, 400, 'invalid_request', 'task id is empty');
  const price = taskPrice(rt.ctx.options, `suno_${action.toLowerCase()}`, group);
  if (origin) {
    const task = await rt.ctx.db
      .selectFrom('tasks')
      .select(['channel_id'])
      .where('user_id', '=', caller.user.id)
      .where('task_id', '=', origin)
      .executeTakeFirst();
    if (!task) return sendTaskError(reply, 400, 'task_not_exist', 'task_origin_not_exist');
    if (Number(task.channel_id) !== channel.id) {
      const own = rt.channels.get(Number(task.channel_id));
      if (!own) return sendTaskError(reply, 400, 'channel_not_found', 'channel not found');
      if (own.status !== ChannelStatus.Enabled)
        return sendTaskError(reply, 400, 'task_channel_disable', '该任务所属渠道已被禁用');
      channel = own;
    }
  }
  let hold;
  try {
    hold = await holdTaskPrice(rt, caller, price);
  } catch (err) {
    if (err instanceof RelayError && err.status === 403)
      return sendTaskError(reply, 403, 'quota_not_enough', 'user quota is not enough');
    throw err;
  }
  let answer;
  try {
    answer = await callTaskUpstream(
      'POST',
      `${channel.baseUrl}/suno/submit/${action}`,
      {
        'content-type': 'application/json',
        accept: (req.headers.accept as string | undefined) ?? 'application/json',
        authorization: `Bearer ${channel.key}`,
      },
      JSON.stringify(sunoBody(body, action)),
      SUBMIT_TIMEOUT_MS,
    );
  } catch (err) {
    releaseTaskHold(rt, hold);
    if (err instanceof TaskUpstreamError) return sendTaskError(reply, 500, 'do_request_failed', err.message);
    throw err;
  }
  if (answer.status !== 200) {
    releaseTaskHold(rt, hold);
    return sendTaskError(reply, answer.status, 'fail_to_fetch_task', answer.text);
  }
  const parsed = jsonObject(answer.text);
  if (!parsed || (parsed.data !== undefined && parsed.data !== null && typeof parsed.data !== 'string')) {
    releaseTaskHold(rt, hold);
    return sendTaskError(reply, 500, 'unmarshal_response_body_failed', 'unmarshal_response_body_failed');
  }
  if (parsed.code !== 'success') {
    releaseTaskHold(rt, hold);
    return sendTaskError(reply, 500, str(parsed.code), str(parsed.message));
  }
  const taskId = str(parsed.data);
  await chargeTask(rt, caller, hold, { price, group, channelId: channel.id, action });
  const now = rt.ctx.now();
  try {
    await rt.ctx.db
      .insertInto('tasks')
      .values({
        created_at: now,
        updated_at: now,
        task_id: taskId,
        platform: 'suno',
        user_id: caller.user.id,
        channel_id: channel.id,
        quota: hold ? price.quota : 0,
        action,
        status: 'NOT_START',
        fail_reason: '',
        submit_time: now,
        start_time: 0,
        finish_time: 0,
        progress: '0%',
        properties: '{"input":""}',
        data: 'null',
        token_id: caller.token.id,
      })
      .execute();
  } catch {
    return sendTaskError(reply, 500, 'insert_task_failed', 'insert_task_failed');
  }
  return reply.status(200).header('content-type', 'application/json').send(answer.text);
}

/** `/suno/*` (new-api's relaySunoRouter): submissions, and the caller's own tasks (another user's are not found). */
export function sunoRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  guard: (handler: Handler) => Handler,
): void {
  app.post(
    '/suno/submit/:action',
    guard((req, reply) => submitSuno(rt, req, reply)),
  );

  app.post(
    '/suno/fetch',
    guard(async (req, reply) => {
      const body = bodyObject(req.body);
      const ids = body?.ids;
      if (!body || (ids !== undefined && ids !== null && !Array.isArray(ids)))
        return sendTaskError(reply, 400, 'invalid_request', 'invalid request body');
      const wanted = ((ids ?? []) as unknown[])
        .filter((i): i is string => typeof i === 'string')
        .slice(0, 1000);
      const rows =
        wanted.length === 0
          ? []
          : await rt.ctx.db
              .selectFrom('tasks')
              .selectAll()
              .where('user_id', '=', callerOf(req).user.id)
              .where('task_id', 'in', wanted)
              .execute();
      return reply
        .header('content-type', 'application/json')
        .send(JSON.stringify({ code: 'success', message: '', data: rows.map(taskDto) }));
    }),
  );

  app.get(
    '/suno/fetch/:id',
    guard(async (req, reply) => {
      const row = await rt.ctx.db
        .selectFrom('tasks')
        .selectAll()
        .where('user_id', '=', callerOf(req).user.id)
        .where('task_id', '=', (req.params as { id: string }).id)
        .executeTakeFirst();
      if (!row) return sendTaskError(reply, 400, 'task_not_exist', 'task_not_exist');
      return reply
        .header('content-type', 'application/json')
        .send(JSON.stringify({ code: 'success', message: '', data: taskDto(row) }));
    }),
  );
}
