import { LogType } from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { MidjourneysTable, TasksTable } from '../../db/tables.js';
import { toBool } from '../../db/tables.js';

/** new-api's `LogQuota`: '＄0.200000 额度' in currency mode, else '100000 点额度'. */
function logQuota(ctx: AppContext, quota: number): string {
  if (!ctx.options.bool('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
  const perUnit = ctx.options.number('QuotaPerUnit') || 500_000;
  return `＄${(quota / perUnit).toFixed(6)} 额度`;
}

export type TaskTable = 'midjourneys' | 'tasks';

type Changes<T extends TaskTable> = Updateable<T extends 'midjourneys' ? MidjourneysTable : TasksTable>;

export interface TaskRow {
  id: number;
  user_id: number;
  token_id: number;
  quota: number;
}

/**
 * Writes a poll's news to an unfinished task. The update is conditional on the task being unfinished
 * (`progress <> '100%'`), so a task that another poller (another node, or this one before a restart) has
 * finished is never written again: its refund, if any, happened with that write. Returns whether it wrote.
 */
export async function updateUnfinished<T extends TaskTable>(
  ctx: AppContext,
  table: T,
  id: number,
  set: Changes<T>,
): Promise<boolean> {
  const done = await ctx.db
    .updateTable(table as TaskTable)
    .set(set as Changes<'tasks'>)
    .where('id', '=', id)
    .where('progress', '<>', '100%')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/**
 * Ends a task that failed and gives its quota back, exactly once: in one transaction, the task moves from
 * unfinished to finished (`progress` to 100%, conditional on it being unfinished) and only the statement that
 * made that move returns the quota to the user and to the token it was charged to, takes it off their used
 * quota and writes the system log row (new-api's `构图失败 …，补偿 …` / `异步任务执行失败 …，补偿 …`, with the
 * quota refunded). Two nodes polling the same task, or a poll repeated after a restart, find it finished and
 * refund nothing. Returns whether this call ended it.
 */
export async function failAndRefund<T extends TaskTable>(
  ctx: AppContext,
  table: T,
  task: TaskRow,
  set: Changes<T>,
  logLine: (quota: string) => string,
): Promise<boolean> {
  const quota = Math.max(0, Number(task.quota));
  const refunded = await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable(table as TaskTable)
      .set({ ...(set as Changes<'tasks'>), progress: '100%' })
      .where('id', '=', task.id)
      .where('progress', '<>', '100%')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return undefined;
    if (quota === 0) return { user: 0, token: 0 };
    const user = await trx
      .selectFrom('users')
      .select(['username'])
      .where('id', '=', task.user_id)
      .executeTakeFirst();
    if (!user) return { user: 0, token: 0 };
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', quota), used_quota: eb('used_quota', '-', quota) }))
      .where('id', '=', task.user_id)
      .execute();
    let tokenId = 0;
    if (task.token_id) {
      const token = await trx
        .selectFrom('tokens')
        .select(['unlimited_quota'])
        .where('id', '=', task.token_id)
        .where('user_id', '=', task.user_id)
        .executeTakeFirst();
      if (token) {
        tokenId = task.token_id;
        const limited = !toBool(token.unlimited_quota);
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            ...(limited ? { remain_quota: eb('remain_quota', '+', quota) } : {}),
            used_quota: eb('used_quota', '-', quota),
          }))
          .where('id', '=', task.token_id)
          .execute();
      }
    }
    await trx
      .insertInto('logs')
      .values({
        user_id: task.user_id,
        username: user.username,
        created_at: ctx.now(),
        type: LogType.System,
        content: logLine(logQuota(ctx, quota)),
        token_name: '',
        token_id: tokenId,
        model_name: '',
        quota,
        prompt_tokens: 0,
        completion_tokens: 0,
        use_time: 0,
        is_stream: 0,
        channel_id: 0,
        group: '',
        other: JSON.stringify({ task_refund: true }),
      })
      .execute();
    return { user: task.user_id, token: tokenId };
  });
  if (!refunded) return false;
  // The relay's cached balances (on every node, through the change feed) read the refund at once.
  if (refunded.user) ctx.events.emit('users', [refunded.user]);
  if (refunded.token) ctx.events.emit('tokens', [refunded.token]);
  return true;
}
