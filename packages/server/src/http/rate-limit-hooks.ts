import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { MemoryRateLimiter } from './rate-limit.js';
import { isApiRequest } from './route-family.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also counts against the critical per-IP limit (login, register, reset, OAuth). */
    critical?: boolean;
  }
}

/**
 * Per-IP limits of reference §5.7: the general /api limit and the stricter critical one, decided on the route a
 * request matched, so no spelling of a path (`//api/...`, `/%61pi/...`) escapes them.
 */
export function registerRateLimits(app: FastifyInstance, config: Config): void {
  const general = new MemoryRateLimiter(
    config.globalApiRateLimit.count,
    config.globalApiRateLimit.durationS * 1000,
  );
  const critical = new MemoryRateLimiter(
    config.criticalRateLimit.count,
    config.criticalRateLimit.durationS * 1000,
  );
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req)) return;
    const checks = [config.globalApiRateLimit.enabled ? general : undefined];
    if (req.routeOptions.config?.critical && config.criticalRateLimit.enabled) checks.push(critical);
    for (const limiter of checks) {
      if (!limiter) continue;
      const { allowed, retryAfterS } = limiter.hit(req.ip);
      if (!allowed)
        throw new AppError('too_many_requests', 'common.tooManyRequests', { retryAfter: retryAfterS });
    }
  });
}
