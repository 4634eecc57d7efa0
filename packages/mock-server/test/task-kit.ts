import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server-api.js';
import { insertReturningId, rebuildAbilities, type AppContext } from '../src/server-api.js';

/** Every model name new-api prices a drawing action under. */
export const MJ_MODELS = [
  'mj_imagine',
  'mj_variation',
  'mj_reroll',
  'mj_blend',
  'mj_modal',
  'mj_zoom',
  'mj_shorten',
  'mj_high_variation',
  'mj_low_variation',
  'mj_pan',
  'mj_inpaint',
  'mj_custom_zoom',
  'mj_describe',
  'mj_upscale',
  'swap_face',
  'mj_upload',
];
export const SUNO_MODELS = ['suno_music', 'suno_lyrics'];

/** An enabled channel of `type` on `baseUrl` with key `key`, serving `models` to the default group. */
export async function addTaskChannel(
  ctx: AppContext,
  spec: { name: string; type: number; baseUrl: string; key: string; models: string[]; status?: number },
): Promise<number> {
  const row = {
    type: spec.type,
    key: ctx.secrets.seal(spec.key),
    name: spec.name,
    status: spec.status ?? 1,
    base_url: spec.baseUrl,
    other: '',
    models: spec.models.join(','),
    group: 'default',
    priority: 0,
    weight: 1,
    model_mapping: '{}',
    tag: '',
    auto_ban: 1,
  };
  const id = await insertReturningId(ctx.db, 'channels', row);
  await rebuildAbilities(ctx.db, [{ id, ...row }]);
  ctx.events.emit('channels', [id]);
  return id;
}

export interface TaskCaller {
  userId: number;
  tokenId: number;
  key: string;
  /** `Authorization` header value. */
  auth: string;
}

/** A user with `quota` and a token limited to `tokenQuota` (unlimited when undefined). */
export async function newTaskCaller(
  db: Db,
  opts: { quota: number; tokenQuota?: number; name?: string },
): Promise<TaskCaller> {
  const name = opts.name ?? `t${randomBytes(4).toString('hex')}`;
  const userId = await insertReturningId(db, 'users', {
    username: name,
    password: 'x',
    role: 1,
    status: 1,
    quota: opts.quota,
    group: 'default',
  });
  const key = randomBytes(24).toString('hex');
  const tokenId = await insertReturningId(db, 'tokens', {
    user_id: userId,
    key,
    name: `${name}-token`,
    status: 1,
    created_time: 1,
    accessed_time: 1,
    expired_time: -1,
    remain_quota: opts.tokenQuota ?? 0,
    unlimited_quota: opts.tokenQuota === undefined ? 1 : 0,
    used_quota: 0,
    model_limits_enabled: 0,
    model_limits: '',
    group: '',
  });
  return { userId, tokenId, key, auth: `Bearer sk-${key}` };
}

/**
 * The money of a caller once everything is written: balances, the consume log (type 2) and the task refunds
 * (system logs marked `task_refund`). The invariant: balance + consumed − refunded = start, for user and token.
 */
export async function taskLedger(ctx: AppContext, c: TaskCaller) {
  await ctx.flush();
  const user = await ctx.db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', c.userId)
    .executeTakeFirstOrThrow();
  const token = await ctx.db
    .selectFrom('tokens')
    .select(['remain_quota', 'used_quota'])
    .where('id', '=', c.tokenId)
    .executeTakeFirstOrThrow();
  const logs = await ctx.db
    .selectFrom('logs')
    .select(['type', 'quota', 'content', 'other', 'model_name', 'token_id'])
    .where('user_id', '=', c.userId)
    .orderBy('id')
    .execute();
  const consumed = logs.filter((l) => Number(l.type) === 2);
  const refunds = logs.filter((l) => Number(l.type) === 4 && String(l.other).includes('task_refund'));
  return {
    quota: Number(user.quota),
    usedQuota: Number(user.used_quota),
    remain: Number(token.remain_quota),
    tokenUsed: Number(token.used_quota),
    consumed: consumed.reduce((n, l) => n + Number(l.quota), 0),
    refunded: refunds.reduce((n, l) => n + Number(l.quota), 0),
    consumeLogs: consumed,
    refundLogs: refunds,
  };
}
