import { EmailBindParamsSchema, EmailParamsSchema, PasswordResetParamsSchema } from '@switchboard/sdk';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { caller } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLang } from '../../http/language.js';
import { parse } from '../../http/validate.js';
import { bindEmail, resetPassword, sendPasswordReset, sendVerificationCode } from './email.service.js';

// Each of these mails someone or changes an account: the critical (login-grade) rate limit applies.
const critical = { config: { critical: true } };
// Mailing someone also needs a passed Turnstile check when the site enables it (new-api's TurnstileCheck).
const criticalHuman = { config: { critical: true, turnstile: true } };

/** The account flows by email (reference §3.1–3.2): verification codes, binding, password reset. */
export async function emailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/verification', criticalHuman, async (req) => {
    const { email } = parse(EmailParamsSchema, req.query);
    await sendVerificationCode(ctx, email, requestLang(req));
    return ok();
  });

  app.get('/api/reset_password', criticalHuman, async (req) => {
    const { email } = parse(EmailParamsSchema, req.query);
    await sendPasswordReset(ctx, email, requestLang(req));
    return ok();
  });

  app.post('/api/user/reset', critical, async (req) => {
    const { email, token } = parse(PasswordResetParamsSchema, req.body);
    return ok(await resetPassword(ctx, email, token));
  });

  app.get('/api/oauth/email/bind', { config: { critical: true, auth: 'user' } }, async (req) => {
    const { email, code } = parse(EmailBindParamsSchema, req.query);
    await bindEmail(ctx, caller(req).id, email, code);
    return ok();
  });
}
