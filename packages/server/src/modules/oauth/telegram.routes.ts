import { OAUTH_ROUTES as R } from '@switchboard/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { sha256Hex } from '../../crypto.js';
import { caller, sessionSecretOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { consumeBindNonce, issueBindNonce } from '../auth/bind-nonces.js';
import { bindProviderId, findByProviderId } from './accounts.js';
import { finishLogin, liveUserId, sessionUserId } from './sign-in.js';
import { checkTelegramLogin } from './telegram.js';

/** The query parameter the console adds to the widget's auth URL; Telegram appends its signed fields. */
export const BIND_NONCE_PARAM = 'bind_nonce';

const telegramEnabled = (ctx: AppContext) =>
  ctx.options.bool('TelegramOAuthEnabled') && ctx.options.get('TelegramBotToken') !== '';

/**
 * The user a bind nonce was issued to, using it up. A nonce that is unknown, used, expired, or shown with
 * the cookie of another session than its own is refused: it was not this browser's to use.
 */
async function nonceUserId(ctx: AppContext, req: FastifyRequest, nonce: string): Promise<number | undefined> {
  const owner = await consumeBindNonce(ctx.db, nonce, ctx.now());
  if (!owner) throw badRequest('oauth.telegramBindExpired');
  const secret = sessionSecretOf(req);
  if (secret && sha256Hex(secret) !== owner.sessionId) throw badRequest('oauth.telegramBindExpired');
  return liveUserId(ctx, owner.userId);
}

/** Telegram sign-in and binding with the login widget (contract §3.2). */
export async function telegramRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  apiRoute(app, R.telegramLogin, async ({ req, reply }) => {
    if (!telegramEnabled(ctx)) throw badRequest('oauth.telegramDisabled');
    const id = checkTelegramLogin(ctx, req.query);
    const user = await findByProviderId(ctx.db, 'telegram_id', id);
    // Telegram signs in bound accounts only; a deleted account counts as unbound, as in new-api.
    if (!user || user.deleted) throw badRequest('oauth.telegramNotBound');
    return finishLogin(ctx, req, reply, user);
  });

  // For the console's binding widget: a nonce of this login session to put in the widget's auth URL.
  apiRoute(app, R.telegramBindNonce, async ({ req }) => {
    if (!telegramEnabled(ctx)) throw badRequest('oauth.telegramDisabled');
    const secret = caller(req).viaAccessToken ? undefined : sessionSecretOf(req);
    const nonce = secret && (await issueBindNonce(ctx.db, secret, ctx.now()));
    if (!nonce) throw badRequest('oauth.telegramBindNeedsSession');
    return ok(nonce);
  });

  // The widget sends the browser here by a navigation from telegram.org (data-auth-url), which neither carries
  // New-Api-User nor, the cookie being SameSite=Strict, the login session: the bind nonce names the session.
  // Without one, the session cookie does, as new-api's session does (a same-site request, or an API client).
  // So the route checks the login itself: the auth hook, which wants New-Api-User, lets it through.
  apiRoute(app, R.telegramBind, { auth: 'none' }, async ({ req, reply }) => {
    if (!telegramEnabled(ctx)) throw badRequest('oauth.telegramDisabled');
    const { [BIND_NONCE_PARAM]: nonce, ...widget } = (req.query ?? {}) as Record<string, unknown>;
    const id = checkTelegramLogin(ctx, widget);
    const userId =
      nonce === undefined
        ? await sessionUserId(ctx, req)
        : await nonceUserId(ctx, req, String(Array.isArray(nonce) ? nonce[0] : nonce));
    if (userId === undefined) throw unauthorized('auth.notLoggedIn');
    await bindProviderId(ctx, userId, 'telegram_id', id, 'oauth.telegramTaken');
    return reply.redirect('/setting', 302);
  });
}
