import {
  isAdmin,
  isRoot,
  Role,
  UserManageAction,
  UserStatus,
  type UserManageParamsSchema,
  type UserManageResult,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { UsersTable } from '../../db/tables.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { revokeUserCredentials } from '../auth/sessions.js';
import { audited, changedFields } from '../audit/audited.js';
import { userSnapshot } from './admin.service.js';
import { findUser, type UserRow } from './users.repository.js';

type Change = { set: Updateable<UsersTable>; revoke: boolean };

/** The audit trail's verb for each action (`delete` is a soft delete here; the hard one is `user.delete`). */
const AUDIT_ACTION: Record<UserManageAction, string> = {
  [UserManageAction.Disable]: 'disable',
  [UserManageAction.Enable]: 'enable',
  [UserManageAction.Delete]: 'soft_delete',
  [UserManageAction.Promote]: 'promote',
  [UserManageAction.Demote]: 'demote',
};

/** The rules of spec §6 for one action, in new-api's order; returns the columns to write. */
function planAction(me: AuthUser, user: UserRow, action: UserManageAction, now: number): Change {
  switch (action) {
    case UserManageAction.Disable:
      if (isRoot(user.role)) throw forbidden('user.cannotDisableRoot');
      // Sessions stay so the banned user's next request gets 403 "banned" rather than a puzzling 401;
      // auth re-reads the status on every request, so the ban applies at once either way.
      return { set: { status: UserStatus.Disabled }, revoke: false };
    case UserManageAction.Enable:
      // Sessions and the access token from before the ban end here instead: being unbanned means logging in
      // afresh, and a ban often follows a compromise.
      return { set: { status: UserStatus.Enabled }, revoke: user.status !== UserStatus.Enabled };
    case UserManageAction.Delete:
      if (isRoot(user.role)) throw forbidden('user.cannotDeleteRoot');
      return { set: { deleted_at: now }, revoke: true };
    case UserManageAction.Promote:
      if (!isRoot(me.role)) throw forbidden('user.adminCannotPromote');
      if (isAdmin(user.role)) throw conflict('user.alreadyAdmin');
      return { set: { role: Role.Admin }, revoke: true };
    case UserManageAction.Demote:
      if (isRoot(user.role)) throw forbidden('user.cannotDemoteRoot');
      if (user.role === Role.Common) throw conflict('user.alreadyCommon');
      return { set: { role: Role.Common }, revoke: true };
  }
}

/**
 * `POST /api/user/manage`. Every change applies to the user's very next request (new-api's cookie sessions
 * only noticed at the next login): a delete, a role change or the end of a ban ends their sessions and revokes
 * their access token in the same transaction, a ban is refused by auth, which re-reads the status per request.
 */
export async function manageUser(
  ctx: AppContext,
  me: AuthUser,
  { id, action }: z.output<typeof UserManageParamsSchema>,
): Promise<UserManageResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findUser(trx, id);
    if (!user) throw notFound('user.notFound');
    if (!isRoot(me.role) && me.role <= user.role) throw forbidden('user.noActionSameOrHigher');
    const change = planAction(me, user, action, ctx.now());
    await trx.updateTable('users').set(change.set).where('id', '=', id).execute();
    if (change.revoke) await revokeUserCredentials(trx, id);
    const was = { ...userSnapshot(user), deleted_at: user.deleted_at };
    const now = {
      ...userSnapshot({ ...user, ...change.set } as UserRow),
      deleted_at: change.set.deleted_at ?? null,
    };
    const diff = changedFields(was, now);
    // Their sessions and access token end with a role change, a delete and the end of a ban.
    if (change.revoke) diff.after['credentials_revoked'] = true;
    await audited(ctx, trx, me, {
      action: `user.${AUDIT_ACTION[action]}`,
      targetType: 'user',
      targetId: id,
      ...diff,
    });
    return {
      role: change.set.role ?? user.role,
      status: change.set.status ?? user.status,
    } as UserManageResult;
  });
}
