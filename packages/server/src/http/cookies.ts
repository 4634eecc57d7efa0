import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * The attributes every cookie the server sets or clears shares: the whole site, out of scripts' reach, never
 * sent by another site's requests, and `Secure` by `COOKIE_SECURE` (config.ts): with `auto`, when this request
 * came over TLS, which behind a proxy trusted with `TRUST_PROXY` its `X-Forwarded-Proto` says (Fastify's
 * `req.protocol`). A cookie set over TLS without `Secure` would also be sent over plain HTTP to the same host.
 */
export function cookieAttributes(ctx: AppContext, req: FastifyRequest) {
  const mode = ctx.config.cookieSecure ?? 'auto';
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: mode === 'auto' ? req.protocol === 'https' : mode,
  };
}
