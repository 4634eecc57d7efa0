import { UserStatus } from '@switchboard/sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { sessionSecretOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { logIn } from '../auth/log-in.js';
import { findSessionUserId } from '../../http/session-lookup.js';
import { checkCanLogIn, loginBody, type LoginUser } from './accounts.js';

/** A query parameter as one string ('' when absent or repeated oddly). */
export function queryParam(req: FastifyRequest, name: string): string {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** `id` if it names a live account; a banned one is refused (403), a deleted one is none. */
export async function liveUserId(ctx: AppContext, id: number): Promise<number | undefined> {
  const user = await ctx.db
    .selectFrom('users')
    .select('status')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  if (user.status !== UserStatus.Enabled) throw forbidden('auth.userBanned');
  return id;
}

/**
 * The user of the browser's login session, if any: new-api decides bind-or-login by its cookie session, so an
 * access token does not count here.
 */
export async function sessionUserId(ctx: AppContext, req: FastifyRequest): Promise<number | undefined> {
  const secret = sessionSecretOf(req);
  if (!secret) return undefined;
  const id = await findSessionUserId(ctx.db, secret, ctx.now());
  return id === undefined ? undefined : liveUserId(ctx, id);
}

/** Signs `user` in with a new session, after the refusals every login path shares. */
export async function finishLogin(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: LoginUser,
) {
  checkCanLogIn(user);
  await logIn(ctx, req, reply, user.id);
  return ok(loginBody(user));
}
