import { ChannelStatus } from '@switchboard/sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayChannel } from '../channels/channel-index.js';
import { RelayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import {
  FREE_ACTIONS,
  mjModelName,
  mjRequestOf,
  MjRefusal,
  planOf,
  routedAction,
  type MjPlan,
  type MjSubmitKind,
} from './mj-actions.js';
import { sendMjError } from './task-answers.js';
import { chargeTask, holdTaskPrice, releaseTaskHold } from './task-charge.js';
import { callTaskUpstream, jsonObject, num, str, TaskUpstreamError } from './task-http.js';
import { taskPrice } from './task-price.js';
import { bodyObject, callerOf, invalidRequest, routeTask } from './task-route.js';

/** How long the drawing proxy may take to accept a submission (new-api: 60 s). */
const SUBMIT_TIMEOUT_MS = 60_000;

/** The path the drawing proxy is asked: the mode prefix (`/mj-fast`…) dropped, as new-api's getMjRequestPath. */
export function upstreamPath(url: string): string {
  if (!url.includes('/mj-')) return url;
  const at = url.indexOf('/mj/');
  return at < 0 ? url : url.slice(at);
}

/**
 * The body the proxy gets: the client's, less `accountFilter` unless MjAccountFilterEnabled and `notifyHook`
 * unless MjNotifyEnabled, with `--fast`, `--relax` and `--turbo` taken out of the prompt when
 * MjModeClearEnabled (new-api's DoMidjourneyHttpRequest).
 */
export function upstreamBody(rt: RelayRuntime, body: Record<string, unknown>): string {
  const o = rt.ctx.options;
  const out: Record<string, unknown> = { ...body };
  if (!o.bool('MjAccountFilterEnabled')) delete out.accountFilter;
  if (!o.bool('MjNotifyEnabled')) delete out.notifyHook;
  if (o.bool('MjModeClearEnabled') && typeof out.prompt === 'string')
    out.prompt = out.prompt.replaceAll('--fast', '').replaceAll('--relax', '').replaceAll('--turbo', '');
  return JSON.stringify(out);
}

interface ProxyAnswer {
  status: number;
  text: string;
  code: number;
  description: string;
  result: string;
  properties: unknown;
}

/** Asks the proxy; a failure is the MJ error new-api answers (code 5). */
async function askProxy(
  req: FastifyRequest,
  channel: RelayChannel,
  body: string,
): Promise<ProxyAnswer | MjRefusal> {
  let reply;
  try {
    reply = await callTaskUpstream(
      'POST',
      channel.baseUrl + upstreamPath(req.url),
      {
        'content-type': 'application/json',
        accept: (req.headers.accept as string | undefined) ?? 'application/json',
        'mj-api-secret': channel.key,
      },
      body,
      SUBMIT_TIMEOUT_MS,
    );
  } catch (err) {
    if (err instanceof TaskUpstreamError) return new MjRefusal('do_request_failed');
    throw err;
  }
  if (reply.text === '') return new MjRefusal('empty_response_body');
  const answer = jsonObject(reply.text);
  // An upload's `result` is a list of URLs (new-api's MidjourneyUploadResponse).
  if (
    !answer ||
    (answer.result !== undefined &&
      answer.result !== null &&
      typeof answer.result !== 'string' &&
      !Array.isArray(answer.result))
  )
    return new MjRefusal('unmarshal_response_body_failed');
  return {
    status: reply.status,
    text: reply.text,
    code: num(answer.code),
    description: str(answer.description),
    result: str(answer.result),
    properties: answer.properties,
  };
}

/** The task an action acts on: the caller's own, on a channel still enabled (new-api's checks and wording). */
async function originOf(rt: RelayRuntime, userId: number, kind: MjSubmitKind, plan: MjPlan) {
  const origin = await rt.ctx.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', '=', plan.taskId)
    .executeTakeFirst();
  if (!origin) throw new MjRefusal('task_not_found');
  if (rt.ctx.options.bool('MjActionCheckSuccessEnabled') && origin.status !== 'SUCCESS' && kind !== 'modal')
    throw new MjRefusal('task_status_not_success');
  await rt.channels.ready();
  const channel = rt.channels.get(Number(origin.channel_id));
  if (!channel) throw new MjRefusal('get_channel_info_failed');
  if (channel.status !== ChannelStatus.Enabled) throw new MjRefusal('该任务所属渠道已被禁用');
  return { origin, channel };
}

/**
 * `POST /mj/submit/*` and `/mj/insight-face/swap` (new-api's RelayMidjourneySubmit and RelaySwapFace): the
 * action's price is held, the proxy asked, and the price charged only when it accepts the task (code 1, 21 or
 * 22; 1 for a face swap); the task row records what was charged, which is what a later failure refunds.
 */
export async function submitMj(
  rt: RelayRuntime,
  kind: MjSubmitKind,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const caller = callerOf(req);
  const body = bodyObject(req.body);
  if (!body) {
    if (kind === 'swap') return sendMjError(reply, 4, 'bind_request_body_failed');
    throw invalidRequest('bind_request_body_failed');
  }
  const request = mjRequestOf(body);
  let routed: string;
  try {
    routed = routedAction(kind, request);
  } catch (err) {
    if (err instanceof MjRefusal) throw invalidRequest(err.description);
    throw err;
  }
  const routedTo = await routeTask(rt, caller, mjModelName(routed));
  const group = routedTo.group;
  let channel = routedTo.channel;
  const submitMs = Date.now();
  let plan: MjPlan;
  let prompt = request.prompt;
  try {
    plan = planOf(kind, request);
    if (kind === 'swap' && (!str(body.sourceBase64) || !str(body.targetBase64)))
      throw new MjRefusal('sour_base64_and_target_base64_is_required');
    if (plan.taskId) {
      const found = await originOf(rt, caller.user.id, kind, plan);
      channel = found.channel;
      prompt = found.origin.prompt;
    }
  } catch (err) {
    if (err instanceof MjRefusal) return sendMjError(reply, 4, err.description);
    throw err;
  }
  const free = FREE_ACTIONS.has(plan.action);
  const price = taskPrice(rt.ctx.options, mjModelName(plan.action), group);
  let hold;
  try {
    hold = free ? undefined : await holdTaskPrice(rt, caller, price);
  } catch (err) {
    if (err instanceof RelayError && err.status === 403) return sendMjError(reply, 4, 'quota_not_enough');
    throw err;
  }
  let answer: ProxyAnswer | MjRefusal;
  try {
    answer = await askProxy(req, channel, upstreamBody(rt, body));
  } catch (err) {
    releaseTaskHold(rt, hold);
    throw err;
  }
  if (answer instanceof MjRefusal) {
    releaseTaskHold(rt, hold);
    return sendMjError(reply, 5, answer.description);
  }
  // Code 3: the proxy has no account instance left; new-api disables such a channel when it may.
  if (answer.code === 3 && channel.autoBan && rt.ctx.options.bool('AutomaticDisableChannelEnabled'))
    void rt.health.disable(channel.id, 'No available account instance').catch((err: unknown) => {
      console.warn('switchboard: disabling a drawing channel failed:', (err as Error).message);
    });
  const accepted =
    answer.status === 200 && (kind === 'swap' ? answer.code === 1 : [1, 21, 22].includes(answer.code));
  if (accepted && hold) {
    await chargeTask(rt, caller, hold, {
      price,
      group,
      channelId: channel.id,
      action: plan.action,
      ...(kind === 'swap' ? {} : { taskId: answer.result }),
    });
  } else releaseTaskHold(rt, hold);
  return recordAndAnswer(rt, reply, {
    kind,
    plan,
    prompt: kind === 'swap' ? 'InsightFace' : prompt,
    answer,
    userId: caller.user.id,
    tokenId: caller.token.id,
    channelId: channel.id,
    charged: accepted && hold ? price.quota : 0,
    submitMs,
  });
}

interface Outcome {
  kind: MjSubmitKind;
  plan: MjPlan;
  prompt: string;
  answer: ProxyAnswer;
  userId: number;
  tokenId: number;
  channelId: number;
  /** What was charged, and what a failure will refund; 0 when nothing was. */
  charged: number;
  submitMs: number;
}

/**
 * The task row (new-api writes one for every answer, refused ones with their reason) and the proxy's answer
 * passed on, with code 21 (already exists) and 22 (queued) turned into 1 as new-api does.
 */
async function recordAndAnswer(rt: RelayRuntime, reply: FastifyReply, o: Outcome) {
  const { answer, plan } = o;
  const now = Date.now();
  const row = {
    code: answer.code,
    user_id: o.userId,
    action: plan.action,
    mj_id: answer.result,
    prompt: o.prompt,
    prompt_en: '',
    description: answer.description,
    state: '',
    submit_time: o.submitMs,
    start_time: o.kind === 'swap' ? now : 0,
    finish_time: 0,
    image_url: '',
    status: '',
    progress: '0%',
    fail_reason: '',
    channel_id: o.channelId,
    quota: o.charged,
    buttons: '',
    properties: '',
    token_id: o.tokenId,
  };
  let text = answer.text;
  if (o.kind === 'swap') {
    text = JSON.stringify({
      code: answer.code,
      description: answer.description,
      properties: answer.properties ?? null,
      result: answer.result,
    });
  } else {
    if (![1, 21, 22].includes(answer.code)) row.fail_reason = answer.description;
    if (answer.code === 21) {
      const p = answer.properties;
      const props = p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
      if (typeof props.imageUrl === 'string' && typeof props.status === 'string') {
        row.image_url = props.imageUrl;
        row.status = props.status;
        if (props.status === 'SUCCESS') {
          row.progress = '100%';
          row.start_time = now;
          row.finish_time = now;
          row.code = 1;
        }
      }
      if (!['INPAINT', 'CUSTOM_ZOOM'].includes(plan.action)) text = text.replaceAll('"code":21', '"code":1');
    }
    if (answer.code === 1 && plan.action === 'UPLOAD') {
      row.progress = '100%';
      row.status = 'SUCCESS';
    }
    if (answer.code === 22) text = text.replaceAll('"code":22', '"code":1');
  }
  try {
    await rt.ctx.db.insertInto('midjourneys').values(row).execute();
  } catch {
    return sendMjError(reply, 4, 'insert_midjourney_task_failed');
  }
  return reply.status(answer.status).header('content-type', 'application/json').send(text);
}
