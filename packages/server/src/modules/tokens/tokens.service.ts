import {
  batchTokenNames,
  randomSuffix,
  TOKEN_BATCH_PRESETS,
  TokenStatus,
  type TokenCreateParamsSchema,
  type TokenUpdateParamsSchema,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { toBool, type TokensTable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { findToken, insertToken, updateToken, type TokenRow } from './tokens.repository.js';
import { revokeLeases } from '../../db/balance-leases.js';
import { revokeBudgetLeases } from '../../relay/billing/budget-leases.js';
import { withBudgets } from '../budgets/budget-usage.js';

/** Characters of a generated key (after `sk-`); the relay refuses keys of another shape unread. */
export const TOKEN_KEY_LENGTH = 48;
/** The largest batch the console offers; a cap keeps one request from writing unbounded rows. */
export const TOKEN_BATCH_MAX = Math.max(...TOKEN_BATCH_PRESETS);

type Quotas = Pick<TokenRow, 'expired_time' | 'remain_quota' | 'unlimited_quota'>;

export const isExpired = (t: Quotas, now: number) => t.expired_time !== -1 && t.expired_time <= now;
export const isExhausted = (t: Quotas) => t.remain_quota <= 0 && !toBool(t.unlimited_quota);

/**
 * `abcd**********wxyz`: enough to tell keys apart, never enough to use one. Without `sk-`, as new-api stores
 * and lists keys (its console prepends `sk-` itself).
 */
export function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}

/**
 * A token as the API shows it to its owner: key masked (in full, without `sk-`, as new-api 0.4.8 lists it, under
 * `NEWAPI_CONSOLE_COMPAT`, whose console builds its copy, view and chat links from the list), and an enabled
 * token that has since expired or run dry reported as such (the relay may not have persisted that yet).
 */
export function toTokenDto(row: TokenRow, now: number, fullKey = false) {
  let status = row.status;
  if (status === TokenStatus.Enabled && isExpired(row, now)) status = TokenStatus.Expired;
  else if (status === TokenStatus.Enabled && isExhausted(row)) status = TokenStatus.Exhausted;
  return {
    id: row.id,
    user_id: row.user_id,
    key: fullKey ? row.key : maskKey(row.key),
    status,
    name: row.name,
    created_time: row.created_time,
    accessed_time: row.accessed_time,
    expired_time: row.expired_time,
    remain_quota: row.remain_quota,
    unlimited_quota: toBool(row.unlimited_quota),
    model_limits_enabled: toBool(row.model_limits_enabled),
    model_limits: row.model_limits,
    allow_ips: row.allow_ips,
    used_quota: row.used_quota,
    group: row.group,
    DeletedAt: null,
    max_concurrency: Number(row.max_concurrency),
    rpm_limit: Number(row.rpm_limit),
    tpm_limit: Number(row.tpm_limit),
  };
}

/** Whether the owner's token lists carry full keys (`NEWAPI_CONSOLE_COMPAT`). */
export const fullKeys = (ctx: AppContext): boolean => ctx.config.newapiConsoleCompat === true;

/** Tokens as the API shows them, with their budgets and what the current period has spent. */
export function tokenDtos(ctx: AppContext, rows: TokenRow[]) {
  const now = ctx.now();
  return withBudgets(
    ctx,
    't',
    rows.map((row) => toTokenDto(row, now, fullKeys(ctx))),
    rows,
  );
}

export async function tokenDto(ctx: AppContext, row: TokenRow) {
  return (await tokenDtos(ctx, [row]))[0]!;
}

/** Empty means "the user's group"; anything else must be a group the user may relay in. */
function checkGroup(ctx: AppContext, user: AuthUser, group: string | undefined): void {
  if (!group || group === user.group) return;
  const usable = ctx.options.json<Record<string, unknown>>('UserUsableGroups', {});
  if (!Object.hasOwn(usable, group)) throw forbidden('token.groupForbidden', { group });
}

export async function getOwnToken(ctx: AppContext, user: AuthUser, id: number): Promise<TokenRow> {
  const row = await findToken(ctx.db, user.id, id);
  if (!row) throw notFound('token.notFound');
  return row;
}

/** Creates `count` tokens in one transaction; answers each with its full key, which is shown only now. */
export async function createTokens(
  ctx: AppContext,
  user: AuthUser,
  params: z.output<typeof TokenCreateParamsSchema>,
  count: number,
): Promise<{ id: number; name: string; key: string }[]> {
  if (count > TOKEN_BATCH_MAX) throw badRequest('token.batchCountTooLarge', { max: TOKEN_BATCH_MAX });
  checkGroup(ctx, user, params.group);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const created = [];
    for (const name of batchTokenNames(params.name, count)) {
      const key = randomSuffix(TOKEN_KEY_LENGTH);
      const id = await insertToken(trx, {
        user_id: user.id,
        key,
        name,
        status: TokenStatus.Enabled,
        created_time: now,
        accessed_time: now,
        expired_time: params.expired_time,
        remain_quota: params.remain_quota,
        unlimited_quota: params.unlimited_quota ? 1 : 0,
        model_limits_enabled: params.model_limits_enabled ? 1 : 0,
        model_limits: params.model_limits,
        allow_ips: params.allow_ips,
        group: params.group,
        period: params.period ?? '',
        period_quota: params.period_quota ?? 0,
        period_requests: params.period_requests ?? 0,
        max_concurrency: params.max_concurrency ?? 0,
        rpm_limit: params.rpm_limit ?? 0,
        tpm_limit: params.tpm_limit ?? 0,
      });
      created.push({ id, name, key: `sk-${key}` });
    }
    return created;
  });
}

function refuseEnabling(token: Quotas, now: number): void {
  if (isExpired(token, now)) throw conflict('token.cannotEnableExpired');
  if (isExhausted(token)) throw conflict('token.cannotEnableExhausted');
}

/** `?status_only=true`: toggles 1 ↔ 2; an expired or exhausted token cannot be enabled. */
export async function updateTokenStatus(ctx: AppContext, user: AuthUser, id: number, status: number) {
  const row = await getOwnToken(ctx, user, id);
  if (status === TokenStatus.Enabled) refuseEnabling(row, ctx.now());
  await updateToken(ctx.db, user.id, id, { status });
  return tokenDto(ctx, await getOwnToken(ctx, user, id));
}

/**
 * Full update. The stored status follows the edited token: a disabled token stays disabled; otherwise it is
 * expired (3), exhausted (4) or enabled (1). Turning a token that is not enabled into an enabled one is refused
 * while it is still expired or exhausted, like the status-only toggle.
 */
export async function updateTokenFully(
  ctx: AppContext,
  user: AuthUser,
  params: z.output<typeof TokenUpdateParamsSchema>,
) {
  const row = await getOwnToken(ctx, user, params.id);
  checkGroup(ctx, user, params.group);
  const now = ctx.now();
  const { id, status: requested, unlimited_quota, model_limits_enabled, ...fields } = params;
  const merged: Quotas = {
    expired_time: fields.expired_time ?? row.expired_time,
    remain_quota: fields.remain_quota ?? row.remain_quota,
    unlimited_quota: unlimited_quota ?? row.unlimited_quota,
  };
  let status: number = TokenStatus.Disabled;
  if ((requested ?? row.status) !== TokenStatus.Disabled) {
    if (requested === TokenStatus.Enabled && row.status !== TokenStatus.Enabled) refuseEnabling(merged, now);
    if (isExpired(merged, now)) status = TokenStatus.Expired;
    else if (isExhausted(merged)) status = TokenStatus.Exhausted;
    else status = TokenStatus.Enabled;
  }
  const values: Updateable<TokensTable> = { status };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(values, { [name]: value });
  }
  if (unlimited_quota !== undefined) values.unlimited_quota = unlimited_quota ? 1 : 0;
  if (model_limits_enabled !== undefined) values.model_limits_enabled = model_limits_enabled ? 1 : 0;
  const budgetChanged =
    (fields.period !== undefined && fields.period !== row.period) ||
    (fields.period_quota !== undefined && fields.period_quota !== Number(row.period_quota)) ||
    (fields.period_requests !== undefined && fields.period_requests !== Number(row.period_requests));
  const balanceChanged = fields.remain_quota !== undefined && fields.remain_quota !== row.remain_quota;
  await ctx.db.transaction().execute(async (trx) => {
    await updateToken(trx, user.id, id, values);
    // A new balance or budget: no node may go on admitting against a slice of the old one.
    if (balanceChanged) await revokeLeases(trx, 't', id);
    if (budgetChanged) await revokeBudgetLeases(trx, 't', id);
  });
  if (balanceChanged || budgetChanged) ctx.events.emit('tokens', [id]);
  return tokenDto(ctx, await getOwnToken(ctx, user, id));
}
