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
import { audited, changedFields, type AuditActor } from '../audit/audited.js';
import {
  softDeleteRedemption,
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

/** The fields of a code the audit trail records; never its key, which is a credential. */
function redemptionSnapshot(row: RedemptionRow) {
  return { name: row.name, quota: Number(row.quota), status: Number(row.status) };
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
      const id = await insertRedemption(trx, {
        user_id: admin.id,
        key,
        name: params.name,
        quota: params.quota,
        status: RedemptionStatus.Unused,
        created_time: now,
      });
      const after = { ...redemptionSnapshot((await findRedemption(trx, id))!), batch: params.count };
      await audited(ctx, trx, admin, {
        action: 'redemption.create',
        targetType: 'redemption',
        targetId: id,
        after,
      });
      keys.push(key);
    }
    return keys;
  });
}

/** Renames a code or changes its quota; a used code is history and cannot be edited. */
export async function updateRedemption(
  ctx: AppContext,
  actor: AuditActor,
  params: z.output<typeof RedemptionUpdateParamsSchema>,
) {
  const row = await getRedemption(ctx, params.id);
  const values = { name: params.name ?? row.name, quota: params.quota ?? row.quota };
  return changeUnused(ctx, actor, row, values, 'redemption.update', 'redemption.onlyUnusedEditable');
}

/** Enables (1) or disables (2) a code; a used code keeps status 3 for good. */
export async function updateRedemptionStatus(ctx: AppContext, actor: AuditActor, id: number, status: number) {
  const row = await getRedemption(ctx, id);
  const refusal =
    status === RedemptionStatus.Unused ? 'redemption.cannotEnableUsed' : 'redemption.cannotDisableUsed';
  return changeUnused(ctx, actor, row, { status }, 'redemption.update_status', refusal);
}

/** Writes `values` to a code still unused (the condition is in the UPDATE), with its audit entry. */
async function changeUnused(
  ctx: AppContext,
  actor: AuditActor,
  row: RedemptionRow,
  values: { name?: string; quota?: number; status?: number },
  action: string,
  refusal: 'redemption.onlyUnusedEditable' | 'redemption.cannotEnableUsed' | 'redemption.cannotDisableUsed',
) {
  if (row.status === RedemptionStatus.Used) throw conflict(refusal);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    if ((await updateUnusedRedemption(trx, row.id, values)) === 0) throw conflict(refusal);
    const saved = (await findRedemption(trx, row.id))!;
    const diff = changedFields(redemptionSnapshot(row), redemptionSnapshot(saved));
    await audited(ctx, trx, actor, { action, targetType: 'redemption', targetId: row.id, ...diff });
    return saved;
  });
  return toRedemptionDto(saved);
}

/** Soft-deletes a code, with its audit entry. */
export async function deleteRedemption(ctx: AppContext, actor: AuditActor, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRedemption(trx, id);
    if (!row || (await softDeleteRedemption(trx, id, ctx.now())) === 0) throw notFound('redemption.notFound');
    const before = redemptionSnapshot(row);
    await audited(ctx, trx, actor, {
      action: 'redemption.delete',
      targetType: 'redemption',
      targetId: id,
      before,
      after: null,
    });
  });
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
