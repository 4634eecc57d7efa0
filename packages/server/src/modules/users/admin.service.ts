import { LogRows } from '../logs/log-rows.js';
import {
  isRoot,
  LogType,
  Role,
  translate,
  UserStatus,
  type User,
  type UserCreateParamsSchema,
  type UserUpdateParamsSchema,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { UsersTable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { PageRequest } from '../../http/paging.js';
import { revokeUserCredentials } from '../auth/sessions.js';
import { withFreshAffCode } from './aff.js';
import { hashPassword } from './password.js';
import { toUserDto } from './user-dto.js';
import {
  findUser,
  insertUser,
  listUsers,
  usernameTaken,
  type UserFilter,
  type UserRow,
} from './users.repository.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import { revokeLeases } from '../../db/balance-leases.js';
import { audited, changedFields } from '../audit/audited.js';
import { revokeBudgetLeases } from '../../relay/billing/budget-leases.js';
import { withBudgets } from '../budgets/budget-usage.js';

/** The user fields the audit trail records (never the password hash or the access token). */
export function userSnapshot(user: UserRow) {
  return {
    username: user.username,
    display_name: user.display_name,
    role: Number(user.role),
    status: Number(user.status),
    group: user.group,
    quota: Number(user.quota),
    period: user.period,
    period_quota: Number(user.period_quota),
    period_requests: Number(user.period_requests),
  };
}

/** Spec §6: admins see and edit only users below them; the super admin sees and edits everyone. */
const outranks = (me: AuthUser, target: UserRow) => isRoot(me.role) || me.role > target.role;

export async function listOrSearch(ctx: AppContext, filter: UserFilter, page: PageRequest) {
  const { rows, total } = await listUsers(ctx.db, filter, { offset: page.offset, limit: page.pageSize });
  return { items: await withBudgets(ctx, 'u', rows.map(toUserDto), rows), total };
}

export async function getUser(ctx: AppContext, me: AuthUser, id: number): Promise<User> {
  const user = await findUser(ctx.db, id, true);
  if (!user) throw notFound('user.notFound');
  if (!outranks(me, user)) throw forbidden('user.noAccessSameOrHigher');
  return (await withBudgets(ctx, 'u', [toUserDto(user)], [user]))[0]!;
}

/** `POST /api/user/`: always a common user; a requested role only has to stay below the caller's. */
export async function createUser(
  ctx: AppContext,
  me: AuthUser,
  params: z.output<typeof UserCreateParamsSchema>,
): Promise<number> {
  if ((params.role ?? Role.Common) >= me.role) throw forbidden('user.noCreateSameOrHigher');
  const password = await hashPassword(params.password);
  try {
    return await withFreshAffCode(ctx.db, (affCode) =>
      ctx.db.transaction().execute(async (trx) => {
        if (await usernameTaken(trx, params.username)) throw conflict('auth.usernameTaken');
        const id = await insertUser(trx, {
          username: params.username,
          password,
          display_name: params.display_name || params.username,
          role: Role.Common,
          status: UserStatus.Enabled,
          // new-api's User.Insert grants the new-user quota to admin-created accounts too.
          quota: ctx.options.number('QuotaForNewUser'),
          aff_code: affCode,
          created_time: ctx.now(),
        });
        const after = userSnapshot((await findUser(trx, id))!);
        await audited(ctx, trx, me, {
          action: 'user.create',
          targetType: 'user',
          targetId: id,
          before: null,
          after,
        });
        return id;
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('auth.usernameTaken');
    throw err;
  }
}

/**
 * `PUT /api/user/`: username, display name, group and quota as sent (missing = unchanged), the password when
 * non-empty. A quota change leaves a manage log; a password change logs the user out everywhere and revokes
 * their access token.
 */
export async function updateUser(
  ctx: AppContext,
  me: AuthUser,
  params: z.output<typeof UserUpdateParamsSchema>,
): Promise<void> {
  const password = params.password === undefined ? undefined : await hashPassword(params.password);
  const logs = new LogRows(ctx);
  let budgetChanged = false;
  await ctx.db.transaction().execute(async (trx) => {
    // Locked: a settlement landing between this read and the update would make the manage log's "from" stale.
    const user = await findUser(trx, params.id, false, true);
    if (!user) throw notFound('user.notFound');
    if (!outranks(me, user)) throw forbidden('user.noUpdateSameOrHigher');
    const changes: Updateable<UsersTable> = {};
    if (params.username !== undefined && params.username !== user.username) {
      if (await usernameTaken(trx, params.username, user.id)) throw conflict('auth.usernameTaken');
      changes.username = params.username;
    }
    if (params.display_name !== undefined) changes.display_name = params.display_name;
    if (params.group !== undefined) changes.group = params.group;
    if (params.quota !== undefined) changes.quota = params.quota;
    if (password !== undefined) changes.password = password;
    if (params.period !== undefined && params.period !== user.period) changes.period = params.period;
    if (params.period_quota !== undefined && params.period_quota !== Number(user.period_quota))
      changes.period_quota = params.period_quota;
    if (params.period_requests !== undefined && params.period_requests !== Number(user.period_requests))
      changes.period_requests = params.period_requests;
    budgetChanged = 'period' in changes || 'period_quota' in changes || 'period_requests' in changes;
    if (Object.keys(changes).length === 0) return;
    await trx.updateTable('users').set(changes).where('id', '=', user.id).execute();
    const saved = (await findUser(trx, user.id))!;
    // A password is only ever recorded as having changed.
    const diff = changedFields(
      userSnapshot(user),
      userSnapshot(saved),
      password === undefined ? [] : ['password'],
    );
    await audited(ctx, trx, me, { action: 'user.update', targetType: 'user', targetId: user.id, ...diff });
    // A new budget: no node may go on admitting against a slice of the old one.
    if (budgetChanged) await revokeBudgetLeases(trx, 'u', user.id);
    if (params.quota !== undefined && params.quota !== Number(user.quota)) {
      await revokeLeases(trx, 'u', user.id);
      await logs.add(trx, {
        user_id: user.id,
        username: changes.username ?? user.username,
        created_at: ctx.now(),
        type: LogType.Manage,
        content: translate('user.quotaChangedLog', 'zh', { from: Number(user.quota), to: params.quota }),
      });
    }
    if (password !== undefined) await revokeUserCredentials(trx, user.id);
  });
  await logs.written();
  if (params.quota !== undefined || budgetChanged) ctx.events.emit('users', [params.id]);
}

/** `DELETE /api/user/:id`: a hard delete (new-api's), never of the super admin or a peer. */
export async function hardDeleteUser(ctx: AppContext, me: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id, true);
    if (!user) throw notFound('user.notFound');
    if (isRoot(user.role)) throw forbidden('user.cannotDeleteRoot');
    if (me.role <= user.role) throw forbidden('user.noActionSameOrHigher');
    await revokeUserCredentials(trx, id);
    await revokeLeases(trx, 'u', id);
    await trx.deleteFrom('users').where('id', '=', id).execute();
    const before = userSnapshot(user);
    await audited(ctx, trx, me, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before,
      after: null,
    });
  });
  ctx.events.emit('users', [id]);
}
