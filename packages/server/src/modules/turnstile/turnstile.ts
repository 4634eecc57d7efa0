import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { providerUrlsOf } from '../../config.js';
import type { AppContext } from '../../context.js';
import { badRequest, AppError } from '../../http/errors.js';
import { rememberTurnstile, turnstilePassed } from '../auth/visitor-sessions.js';
import { callProvider, ProviderUnreachableError } from '../oauth/provider-http.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Needs a passed Turnstile check when `TurnstileCheckEnabled` (new-api's TurnstileCheck middleware). */
    turnstile?: boolean;
  }
}

/**
 * Asks siteverify whether `token` is a good Turnstile answer: a form POST of `secret`, `response` and
 * `remoteip`, answering JSON `{success, "error-codes"}`.
 */
export async function verifyTurnstile(ctx: AppContext, token: string, remoteIp: string): Promise<boolean> {
  let res;
  try {
    res = await callProvider(providerUrlsOf(ctx.config).turnstileVerify, {
      method: 'POST',
      form: { secret: ctx.options.get('TurnstileSecretKey'), response: token, remoteip: remoteIp },
    });
  } catch (err) {
    if (err instanceof ProviderUnreachableError)
      throw new AppError('unavailable', 'auth.turnstileUnreachable');
    throw err;
  }
  const body = res.body as { success?: unknown } | null;
  return res.status === 200 && body?.success === true;
}

/**
 * The check before a protected route: a browser that passed once is remembered in its visitor session, as
 * new-api remembers `turnstile` in the cookie session; otherwise `?turnstile=` must verify.
 */
async function checkTurnstile(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!ctx.options.bool('TurnstileCheckEnabled')) return;
  if (await turnstilePassed(ctx, req)) return;
  const raw = (req.query as Record<string, unknown> | undefined)?.['turnstile'];
  const token = typeof raw === 'string' ? raw.trim() : '';
  if (!token) throw badRequest('auth.turnstileTokenEmpty');
  if (!(await verifyTurnstile(ctx, token, req.ip))) throw badRequest('auth.turnstileFailed');
  await rememberTurnstile(ctx, req, reply);
}

/** Runs the check before every handler whose route declares `config.turnstile`. */
export function registerTurnstile(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.routeOptions.config?.turnstile) await checkTurnstile(ctx, req, reply);
  });
}
