import { EmailParamsSchema, OAUTH_ROUTES, USER_ROUTES } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { parse } from '../../http/validate.js';
import { bindEmail, resetPassword, sendPasswordReset, sendVerificationCode } from './email.service.js';

/**
 * The account flows by email (reference §3.1–3.2): verification codes, binding, password reset. Each mails
 * someone or changes an account, so their descriptors ask for the critical rate limit, and the mailing ones
 * for a Turnstile check.
 */
export async function emailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The mail routes read only the address: their descriptors' params also name the Turnstile token,
  // which the Turnstile hook has checked.
  apiRoute(app, USER_ROUTES.sendVerification, async ({ req }) => {
    const { email } = parse(EmailParamsSchema, req.query);
    await sendVerificationCode(ctx, email, requestLang(req));
    return ok();
  });

  apiRoute(app, USER_ROUTES.sendPasswordReset, async ({ req }) => {
    const { email } = parse(EmailParamsSchema, req.query);
    await sendPasswordReset(ctx, email, requestLang(req));
    return ok();
  });

  apiRoute(app, USER_ROUTES.resetPassword, { body: true }, async ({ body: { email, token } }) =>
    ok(await resetPassword(ctx, email, token)),
  );

  apiRoute(app, OAUTH_ROUTES.emailBind, { query: true }, async ({ req, query: { email, code } }) => {
    await bindEmail(ctx, caller(req).id, email, code);
    return ok();
  });
}
