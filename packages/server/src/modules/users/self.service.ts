import { randomBytes } from 'node:crypto';
import {
  isRoot,
  translate,
  type SelfUpdateParamsSchema,
  type User,
  type UserSettingParamsSchema,
} from '@switchboard/sdk';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../crypto.js';
import type { UsersTable } from '../../db/tables.js';
import type { Lang } from '../../http/language.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isPublicHost } from '../../net/public-address.js';
import { revokeUserCredentials } from '../auth/sessions.js';
import { hashPassword, verifyPassword } from './password.js';
import { toUserDto } from './user-dto.js';
import { enabledModelsOfGroups, findUser, usernameTaken } from './users.repository.js';
import { withBudgets } from '../budgets/budget-usage.js';

async function mustFind(ctx: AppContext, id: number) {
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('user.notFound');
  return user;
}

export async function getSelf(ctx: AppContext, id: number): Promise<User> {
  const user = await mustFind(ctx, id);
  return (await withBudgets(ctx, 'u', [toUserDto(user)], [user]))[0]!;
}

/**
 * `PUT /api/user/self`. Unlike new-api, a new password needs the current one (except under
 * `NEWAPI_CONSOLE_COMPAT`, for 0.4.8's console, whose dialog has no field for it; a current password given is
 * still checked), and it logs the account out everywhere (this session included) and revokes the access token:
 * whoever stole either must not outlive the change.
 * Returns whether sessions were revoked.
 */
export async function updateSelf(
  ctx: AppContext,
  id: number,
  params: z.output<typeof SelfUpdateParamsSchema>,
): Promise<boolean> {
  const original = params.original_password;
  const user = await mustFind(ctx, id);
  const changes: Updateable<UsersTable> = {};
  if (params.username && params.username !== user.username) {
    if (await usernameTaken(ctx.db, params.username, id)) throw conflict('auth.usernameTaken');
    changes.username = params.username;
  }
  // Empty text means "unchanged", as gorm's Updates skips zero values.
  if (params.display_name) changes.display_name = params.display_name;
  if (params.password !== undefined) {
    if (original) {
      if (!(await verifyPassword(original, user.password))) throw badRequest('user.originalPasswordWrong');
    } else if (!ctx.config.newapiConsoleCompat) throw badRequest('user.originalPasswordRequired');
    changes.password = await hashPassword(params.password);
  }
  if (Object.keys(changes).length === 0) return false;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    if (changes.password) await revokeUserCredentials(trx, id);
  });
  return changes.password !== undefined;
}

/** `DELETE /api/user/self`: a soft delete; the super admin cannot delete itself. */
export async function deleteSelf(ctx: AppContext, id: number, role: number): Promise<void> {
  if (isRoot(role)) throw forbidden('user.cannotDeleteRoot');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ deleted_at: ctx.now() }).where('id', '=', id).execute();
    await revokeUserCredentials(trx, id);
  });
}

/** `GET /api/user/token`: a new dashboard access token, replacing the old one; only its hash is stored. */
export async function generateAccessToken(ctx: AppContext, id: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await ctx.db
    .updateTable('users')
    .set({ access_token: sha256Hex(token) })
    .where('id', '=', id)
    .execute();
  return token;
}

/** UserUsableGroups plus the user's own group (new-api's GetUserUsableGroups): group → description. */
export function usableGroups(ctx: AppContext, ownGroup: string, lang: Lang): Record<string, string> {
  const groups = { ...ctx.options.json<Record<string, string>>('UserUsableGroups', {}) };
  if (ownGroup && !(ownGroup in groups)) groups[ownGroup] = translate('user.ownGroupDesc', lang);
  return groups;
}

/** Groups that are both usable and priced (in GroupRatio): group → {ratio, desc}. */
export function groupsWithRatio(ctx: AppContext, ownGroup: string, lang: Lang) {
  const ratios = ctx.options.json<Record<string, number>>('GroupRatio', {});
  const usable = usableGroups(ctx, ownGroup, lang);
  const out: Record<string, { ratio: number; desc: string }> = {};
  for (const [group, ratio] of Object.entries(ratios)) {
    const desc = usable[group];
    if (desc !== undefined) out[group] = { ratio: Number(ratio), desc: String(desc) };
  }
  return out;
}

/** `GET /api/user/models`: distinct enabled ability models across the user's usable groups. */
export function userModels(ctx: AppContext, ownGroup: string): Promise<string[]> {
  return enabledModelsOfGroups(ctx.db, Object.keys(usableGroups(ctx, ownGroup, 'zh')));
}

/**
 * A webhook must not make the server call into its own network: a URL naming a private, loopback or link-local
 * address is refused here, unless the operator allows it (`WEBHOOK_ALLOW_PRIVATE`). Host names pass; every
 * connection checks what they resolve to.
 */
function checkWebhookUrl(ctx: AppContext, url: string): void {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw badRequest('user.webhookUrlInvalid');
  }
  if (!ctx.config.webhookAllowPrivate && !isPublicHost(host)) throw badRequest('user.webhookUrlPrivate');
}

/** `PUT /api/user/setting`: webhook fields kept only for webhooks, the email only for email, as new-api. */
export async function updateSetting(
  ctx: AppContext,
  id: number,
  p: z.output<typeof UserSettingParamsSchema>,
): Promise<void> {
  if (p.notify_type === 'webhook' && p.webhook_url) checkWebhookUrl(ctx, p.webhook_url);
  const setting = {
    notify_type: p.notify_type,
    quota_warning_threshold: p.quota_warning_threshold,
    ...(p.notify_type === 'webhook'
      ? { webhook_url: p.webhook_url, webhook_secret: p.webhook_secret ?? '' }
      : { notification_email: p.notification_email ?? '' }),
    ...(p.accept_unset_model_ratio_model !== undefined
      ? { accept_unset_model_ratio_model: p.accept_unset_model_ratio_model }
      : {}),
  };
  await ctx.db
    .updateTable('users')
    .set({ setting: JSON.stringify(setting) })
    .where('id', '=', id)
    .execute();
}
