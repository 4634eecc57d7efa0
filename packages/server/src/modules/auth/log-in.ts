import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { cookieAttributes } from '../../http/cookies.js';
import { SESSION_COOKIE } from '../../http/session-lookup.js';
import { createSession, SESSION_TTL_S } from './sessions.js';

/**
 * Starts a revocable session for `userId` and sets its cookie: the one way every login path (password,
 * OAuth, WeChat, Telegram) signs a browser in.
 */
export async function logIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const secret = await createSession(ctx.db, userId, ctx.now(), {
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
  reply.setCookie(SESSION_COOKIE, secret, {
    ...cookieAttributes(ctx, req),
    signed: true,
    maxAge: SESSION_TTL_S,
  });
}
