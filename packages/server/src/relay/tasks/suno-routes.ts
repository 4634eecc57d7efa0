import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { TasksTable } from '../../db/tables.js';
import { RelayError } from '../core/relay-error.js';
import type { RelayChannel } from '../channels/channel-index.js';
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

type SunoOutcome = { taskId: string; text: string } | { status: number; code: string; message: string };

const retryable = (status: number) =>
  status === 429 || status === 307 || (status >= 500 && status !== 504 && status !== 524);

/** One submission to one channel: the task id, or the failure new-api answers for it. */
async function askSuno(
  req: FastifyRequest,
  channel: RelayChannel,
  action: string,
  body: Record<string, unknown>,
): Promise<SunoOutcome> {
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
      JSON.stringify(body),
      SUBMIT_TIMEOUT_MS,
    );
  } catch (err) {
    if (err instanceof TaskUpstreamError)
      return { status: 500, code: 'do_request_failed', message: err.message };
    throw err;
  }
  if (answer.status !== 200)
    return { status: answer.status, code: 'fail_to_fetch_task', message: answer.text };
  const parsed = jsonObject(answer.text);
  if (!parsed || (parsed.data !== undefined && parsed.data !== null && typeof parsed.data !== 'string'))
    return { status: 500, code: 'unmarshal_response_body_failed', message: 'unmarshal_response_body_failed' };
  if (parsed.code !== 'success') return { status: 500, code: str(parsed.code), message: str(parsed.message) };
  return { taskId: str(parsed.data), text: answer.text };
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
  const ask = (to: RelayChannel) => askSuno(req, to, action, sunoBody(body, action));
  // new-api's RelayTask: another channel of the group for a 429, 307 or 5xx (not 504/524), RetryTimes at most;
  // never for a continuation (its channel is the earlier task's) or a pinned channel.
  const retries =
    origin || caller.pinnedChannel !== undefined ? 0 : Math.max(0, rt.ctx.options.number('RetryTimes'));
  let outcome: SunoOutcome;
  try {
    outcome = await ask(channel);
    const tried = [channel.id];
    for (let i = 0; i < retries && 'status' in outcome && retryable(outcome.status); i++) {
      const next = rt.channels.pick(group, `suno_${raw.toLowerCase()}`, tried);
      if (!next) break;
      tried.push(next.id);
      channel = next;
      outcome = await ask(channel);
    }
  } catch (err) {
    releaseTaskHold(rt, hold);
    throw err;
  }
  if ('status' in outcome) {
    releaseTaskHold(rt, hold);
    return sendTaskError(reply, outcome.status, outcome.code, outcome.message);
  }
  const { taskId, text } = outcome;
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
  return reply.status(200).header('content-type', 'application/json').send(text);
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
