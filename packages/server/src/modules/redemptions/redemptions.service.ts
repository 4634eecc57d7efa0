import { LogRows } from '../logs/log-rows.js';
import { randomUUID } from 'node:crypto';
import {
  LogType,
  RedemptionStatus,
  translate,
  type RedemptionCreateParamsSchema,
  type RedemptionUpdateParamsSchema,
} from '@switchboard/sdk';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import {
  claimRedemption,
  findRedemption,
  findRedemptionByKey,
  insertRedemption,
  updateUnusedRedemption,
  type RedemptionRow,
} from './redemptions.repository.js';

export function toRedemptionDto(row: RedemptionRow) {
  return {
    id: row.id,
    user_id: row.user_id,
    key: row.key,
    status: row.status,
    name: row.name,
    quota: row.quota,
    created_time: row.created_time,
    redeemed_time: row.redeemed_time,
    used_user_id: row.used_user_id,
    DeletedAt: null,
  };
}

export async function getRedemption(ctx: AppContext, id: number): Promise<RedemptionRow> {
  const row = await findRedemption(ctx.db, id);
  if (!row) throw notFound('redemption.notFound');
  return row;
}

/** Creates the whole batch in one transaction (all or nothing) and answers the new keys: 32 lowercase hex. */
export async function createRedemptions(
  ctx: AppContext,
  admin: AuthUser,
  params: z.output<typeof RedemptionCreateParamsSchema>,
): Promise<string[]> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const keys: string[] = [];
    for (let i = 0; i < params.count; i++) {
      const key = randomUUID().replaceAll('-', '');
      await insertRedemption(trx, {
        user_id: admin.id,
        key,
        name: params.name,
        quota: params.quota,
        status: RedemptionStatus.Unused,
        created_time: now,
      });
      keys.push(key);
    }
    return keys;
  });
}

/** Renames a code or changes its quota; a used code is history and cannot be edited. */
export async function updateRedemption(
  ctx: AppContext,
  params: z.output<typeof RedemptionUpdateParamsSchema>,
) {
  const row = await getRedemption(ctx, params.id);
  const values = { name: params.name ?? row.name, quota: params.quota ?? row.quota };
  if (row.status === RedemptionStatus.Used || (await updateUnusedRedemption(ctx.db, row.id, values)) === 0) {
    throw conflict('redemption.onlyUnusedEditable');
  }
  return toRedemptionDto(await getRedemption(ctx, row.id));
}

/** Enables (1) or disables (2) a code; a used code keeps status 3 for good. */
export async function updateRedemptionStatus(ctx: AppContext, id: number, status: number) {
  const row = await getRedemption(ctx, id);
  const refusal =
    status === RedemptionStatus.Unused ? 'redemption.cannotEnableUsed' : 'redemption.cannotDisableUsed';
  if (row.status === RedemptionStatus.Used || (await updateUnusedRedemption(ctx.db, id, { status })) === 0) {
    throw conflict(refusal);
  }
  return toRedemptionDto(await getRedemption(ctx, id));
}

/** new-api's `LogQuota`: '＄0.200000 额度' in currency mode, else '100000 点额度'. */
export function logQuota(ctx: AppContext, quota: number): string {
  if (!ctx.options.bool('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
  const perUnit = ctx.options.number('QuotaPerUnit') || 500_000;
  return `＄${(quota / perUnit).toFixed(6)} 额度`;
}

/**
 * Redeems a code for `user`: claim it with a conditional update, credit the quota and write a top-up log, all in
 * one transaction. Answers the quota added.
 */
export async function redeem(ctx: AppContext, user: AuthUser, key: string): Promise<number> {
  const now = ctx.now();
  const logs = new LogRows(ctx);
  const added = await ctx.db.transaction().execute(async (trx) => {
    if ((await claimRedemption(trx, key, user.id, now)) !== 1) {
      const row = await findRedemptionByKey(trx, key);
      // Unknown and disabled codes share one message so the answer does not reveal which codes exist.
      if (row?.status === RedemptionStatus.Used) throw conflict('redemption.codeUsed');
      throw badRequest('redemption.invalidCode');
    }
    // Read after the claim: on PostgreSQL and MySQL the claimed row is locked, so its quota cannot change now.
    const { quota } = (await findRedemptionByKey(trx, key))!;
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', quota) }))
      .where('id', '=', user.id)
      .execute();
    await logs.add(trx, {
      user_id: user.id,
      username: user.username,
      created_at: now,
      type: LogType.TopUp,
      // Logs are stored once, in new-api's (Chinese) wording.
      content: translate('redemption.topUpLog', 'zh', { quota: logQuota(ctx, quota) }),
    });
    return quota;
  });
  await logs.written();
  return added;
}
