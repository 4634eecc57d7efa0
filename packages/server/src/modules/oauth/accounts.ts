import { Role, UserStatus } from '@switchboard/sdk';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { emailTaken } from '../email/email.service.js';
import { withFreshAffCode } from '../users/aff.js';
import { findUserIdByAffCode, insertUser, rewardInviter } from '../users/users.repository.js';
import { insertDefaultToken } from '../tokens/default-token.js';

/** The user columns holding a provider's account id. */
export type ProviderColumn = 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id';

/** What a login answers (new-api's cleaned User) and what it needs to know. */
export interface LoginUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  deleted: boolean;
}

/** The account a provider id is bound to, soft-deleted ones included (new-api checks unscoped). */
export async function findByProviderId(
  db: Db,
  column: ProviderColumn,
  providerId: string,
): Promise<LoginUser | undefined> {
  // Unbound accounts hold '': an empty id must never find them.
  if (!providerId) return undefined;
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'role', 'status', 'group', 'deleted_at'])
    .where(column, '=', providerId)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return undefined;
  const { deleted_at, ...user } = row;
  return { ...user, deleted: deleted_at !== null };
}

/** The refusals every login path shares: a deleted account, then a banned one (spec §8 wording). */
export function checkCanLogIn(user: LoginUser): void {
  if (user.deleted) throw badRequest('oauth.userDeleted');
  if (user.status !== UserStatus.Enabled) throw forbidden('auth.userBanned');
}

export interface NewProviderUser {
  column: ProviderColumn;
  providerId: string;
  /** `github`, `linuxdo`, `wechat`: the username is `<prefix>_<next id>` as in new-api. */
  prefix: string;
  displayName: string;
  email: string;
  /** The invitation code remembered with the OAuth state, '' for none. */
  aff: string;
}

/**
 * Registers the account a provider sign-in found no user for, as new-api's `user.Insert(inviterId)`: a common
 * user with `QuotaForNewUser`, plus `QuotaForInvitee` when a live user's invitation code came with the state
 * (its owner earns `QuotaForInviter`), all in one transaction. Refused when `RegisterEnabled` is off.
 */
export async function registerProviderUser(ctx: AppContext, input: NewProviderUser): Promise<LoginUser> {
  const o = ctx.options;
  if (!o.bool('RegisterEnabled')) throw badRequest('oauth.registerDisabled');
  // An address another account already uses is left out: a password reset by mail reaches every holder.
  const email = input.email && !(await emailTaken(ctx, input.email)) ? input.email.slice(0, 128) : '';
  const displayName = input.displayName.slice(0, 64);
  const id = await withFreshAffCode(ctx.db, (affCode) =>
    ctx.db.transaction().execute(async (trx) => {
      const inviterId = input.aff ? ((await findUserIdByAffCode(trx, input.aff)) ?? 0) : 0;
      // new-api's name for these accounts; a unique clash with a concurrent registration retries.
      const max = await trx
        .selectFrom('users')
        .select(sql<number | string | null>`max(id)`.as('max'))
        .executeTakeFirst();
      const username = `${input.prefix}_${Number(max?.max ?? 0) + 1}`;
      const id = await insertUser(trx, {
        username,
        password: '',
        display_name: displayName,
        role: Role.Common,
        status: UserStatus.Enabled,
        email,
        [input.column]: input.providerId,
        quota: o.number('QuotaForNewUser') + (inviterId ? o.number('QuotaForInvitee') : 0),
        aff_code: affCode,
        inviter_id: inviterId,
        created_time: ctx.now(),
      });
      if (inviterId) await rewardInviter(trx, inviterId, o.number('QuotaForInviter'));
      // new-api makes it on password registration only; an account made by a sign-in is as new.
      await insertDefaultToken(ctx, trx, { id, username });
      return id;
    }),
  );
  const user = await findByProviderId(ctx.db, input.column, input.providerId);
  if (!user || user.id !== id) throw new Error(`registered user ${id} not found`);
  return user;
}

/**
 * Binds a provider id to `userId` unless any account (deleted ones too) already holds it. The check and the
 * write share a transaction.
 */
export async function bindProviderId(
  ctx: AppContext,
  userId: number,
  column: ProviderColumn,
  providerId: string,
  takenKey: 'oauth.githubTaken' | 'oauth.linuxdoTaken' | 'oauth.wechatTaken' | 'oauth.telegramTaken',
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (await findByProviderId(trx, column, providerId)) throw badRequest(takenKey);
    const res = await trx
      .updateTable('users')
      .set({ [column]: providerId })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw badRequest('oauth.userDeleted');
  });
}

/** new-api's login answer: the User with only these fields filled. */
export const loginBody = (u: LoginUser) => ({
  id: u.id,
  username: u.username,
  display_name: u.display_name,
  role: u.role,
  status: u.status,
  group: u.group,
});
