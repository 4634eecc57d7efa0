import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RelayRuntime } from '../runtime.js';
import { MJ_SUBMIT_PATHS, type MjSubmitKind } from './mj-actions.js';
import { mjTaskDto } from './mj-dto.js';
import { submitMj, upstreamPath } from './mj-submit.js';
import { sendMjError } from './task-answers.js';
import { callTaskUpstream, jsonObject, num, str, TaskUpstreamError } from './task-http.js';
import { bodyObject, callerOf } from './task-route.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The mode prefixes new-api accepts before `/mj` (it drops them on the way upstream). */
export const MJ_MODES = ['mj-fast', 'mj-turbo', 'mj-relax'] as const;

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/** The caller's own drawing task by the proxy's id (new-api's GetByMJId): another user's is not found. */
const ownTask = (rt: RelayRuntime, userId: number, mjId: string) =>
  rt.ctx.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', '=', mjId)
    .executeTakeFirst();

/**
 * The drawing proxy's keyed routes under one prefix (`/mj`, `/mj-fast/mj`…), new-api's registerMjRouterGroup
 * (the image route, which takes no key, is registered apart).
 */
export function mjRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  prefix: string,
  guard: (handler: Handler) => Handler,
): void {
  const submit = (kind: MjSubmitKind) => guard((req, reply) => submitMj(rt, kind, req, reply));
  for (const [kind, path] of Object.entries(MJ_SUBMIT_PATHS))
    app.post(`${prefix}${path}`, submit(kind as MjSubmitKind));
  app.post(`${prefix}/insight-face/swap`, submit('swap'));

  app.get(
    `${prefix}/task/:id/fetch`,
    guard(async (req, reply) => {
      const row = await ownTask(rt, callerOf(req).user.id, idOf(req));
      if (!row) return sendMjError(reply, 4, 'task_no_found');
      return reply
        .header('content-type', 'application/json')
        .send(JSON.stringify(mjTaskDto(rt.ctx.options, row)));
    }),
  );

  app.post(
    `${prefix}/task/list-by-condition`,
    guard(async (req, reply) => {
      const body = bodyObject(req.body);
      const ids = body?.ids;
      if (
        !body ||
        (ids !== undefined &&
          ids !== null &&
          !(Array.isArray(ids) && ids.every((i) => typeof i === 'string')))
      )
        return sendMjError(reply, 4, 'do_request_failed');
      const wanted = (ids ?? []) as string[];
      const rows =
        wanted.length === 0
          ? []
          : await rt.ctx.db
              .selectFrom('midjourneys')
              .selectAll()
              .where('user_id', '=', callerOf(req).user.id)
              .where('mj_id', 'in', wanted.slice(0, 1000))
              .execute();
      return reply
        .header('content-type', 'application/json')
        .send(JSON.stringify(rows.map((row) => mjTaskDto(rt.ctx.options, row))));
    }),
  );

  // new-api's RelayMidjourneyTaskImageSeed: asked of the channel that drew the task.
  app.get(
    `${prefix}/task/:id/image-seed`,
    guard(async (req, reply) => {
      const row = await ownTask(rt, callerOf(req).user.id, idOf(req));
      if (!row) return sendMjError(reply, 4, 'task_no_found');
      await rt.channels.ready();
      const channel = rt.channels.get(Number(row.channel_id));
      if (!channel) return sendMjError(reply, 4, 'get_channel_info_failed');
      if (channel.status !== ChannelStatus.Enabled) return sendMjError(reply, 4, '该任务所属渠道已被禁用');
      let answer;
      try {
        answer = await callTaskUpstream(
          'GET',
          channel.baseUrl + upstreamPath(req.url),
          { accept: 'application/json', 'mj-api-secret': channel.key },
          undefined,
          30_000,
        );
      } catch (err) {
        if (err instanceof TaskUpstreamError) return sendMjError(reply, 5, 'do_request_failed');
        throw err;
      }
      if (answer.text === '') return sendMjError(reply, 5, 'empty_response_body');
      const o = jsonObject(answer.text);
      if (!o) return sendMjError(reply, 5, 'unmarshal_response_body_failed');
      return reply
        .status(answer.status)
        .header('content-type', 'application/json')
        .send(
          JSON.stringify({
            code: num(o.code),
            description: str(o.description),
            properties: o.properties ?? null,
            result: str(o.result),
          }),
        );
    }),
  );

  /**
   * new-api's RelayMidjourneyNotify: a task's news pushed by whoever holds a key. Here only the caller's own
   * unfinished task takes it (new-api let any key rewrite any task, finished ones included, which could undo a
   * refund's finish and have the task refunded again).
   */
  app.post(
    `${prefix}/notify`,
    guard(async (req, reply) => {
      const body = bodyObject(req.body);
      if (!body) return sendMjError(reply, 4, 'bind_request_body_failed');
      const row = await ownTask(rt, callerOf(req).user.id, str(body.id));
      if (!row || row.progress === '100%') return sendMjError(reply, 4, 'midjourney_task_not_found');
      const done = await rt.ctx.db
        .updateTable('midjourneys')
        .set({
          progress: str(body.progress),
          prompt_en: str(body.promptEn),
          state: str(body.state),
          submit_time: num(body.submitTime),
          start_time: num(body.startTime),
          finish_time: num(body.finishTime),
          image_url: str(body.imageUrl),
          status: str(body.status),
          fail_reason: str(body.failReason),
        })
        .where('id', '=', row.id)
        .where('progress', '<>', '100%')
        .executeTakeFirst()
        .catch(() => undefined);
      if (!done) return sendMjError(reply, 4, 'update_midjourney_task_failed');
      return reply.status(200).send('');
    }),
  );
}

/** Every path the drawing routes answer under, for the key check and the body parser. */
export function mjPrefixes(): string[] {
  return ['/mj', ...MJ_MODES.map((m) => `/${m}/mj`)];
}
