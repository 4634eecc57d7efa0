import { LoginParamsSchema, Role, translate, USER_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { sessionSecretOf } from '../../http/auth.js';
import { cookieAttributes } from '../../http/cookies.js';
import { ok } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { requestLang } from '../../http/language.js';
import { parse } from '../../http/validate.js';
import { logIn } from '../auth/log-in.js';
import { SESSION_COOKIE } from '../../http/session-lookup.js';
import { revokeSession } from '../auth/sessions.js';
import { forgetVisitor } from '../auth/visitor-sessions.js';
import { DEFAULT_ROOT_PASSWORD, verifyPassword } from './password.js';

/** Login and logout: password sessions with a server-side, revocable session row. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Whether password login is on is answered before the body is read.
  apiRoute(app, USER_ROUTES.login, async ({ req, reply }) => {
    if (!ctx.options.bool('PasswordLoginEnabled')) throw forbidden('auth.passwordLoginDisabled');
    const { username, password } = parse(LoginParamsSchema, req.body);
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'display_name', 'role', 'status', 'group', 'password'])
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', username)]))
      .orderBy('id')
      .executeTakeFirst();
    // One message and one bcrypt comparison for an unknown user and a wrong password, so neither the answer
    // nor its time tells which names exist.
    const matches = await verifyPassword(password, user?.password ?? '');
    if (!user || !matches) throw badRequest('auth.wrongCredentials');
    if (user.status !== 1) throw forbidden('auth.userBanned');
    await logIn(ctx, req, reply, user.id);
    const defaultPassword = user.role >= Role.Root && password === DEFAULT_ROOT_PASSWORD;
    return ok(
      {
        id: user.id,
        username: user.username,
        display_name: user.display_name,
        role: user.role,
        status: user.status,
        group: user.group,
        default_password: defaultPassword,
      },
      defaultPassword ? translate('auth.defaultRootPassword', requestLang(req)) : '',
    );
  });

  apiRoute(app, USER_ROUTES.logout, async ({ req, reply }) => {
    const secret = sessionSecretOf(req);
    if (secret) await revokeSession(ctx.db, secret);
    reply.clearCookie(SESSION_COOKIE, cookieAttributes(ctx, req));
    await forgetVisitor(ctx, req, reply);
    return ok();
  });
}
