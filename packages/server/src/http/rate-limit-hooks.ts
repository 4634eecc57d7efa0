import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { MemoryRateLimiter, type RateLimiter } from './rate-limit.js';
import { isApiRequest } from './route-family.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also counts against the critical per-IP limit (login, register, reset, OAuth). */
    critical?: boolean;
  }
}

export type LimiterFactory = (name: string, count: number, windowMs: number) => RateLimiter;

/**
 * Per-IP limits of reference §5.7: the general /api limit and the stricter critical one, decided on the route a
 * request matched, so no spelling of a path (`//api/...`, `/%61pi/...`) escapes them.
 */
export function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  /** Where the counts live: this node's memory, or Redis shared by every node. */
  limiter: LimiterFactory = (_name, count, windowMs) => new MemoryRateLimiter(count, windowMs),
): void {
  const general = limiter('api', config.globalApiRateLimit.count, config.globalApiRateLimit.durationS * 1000);
  const critical = limiter(
    'critical',
    config.criticalRateLimit.count,
    config.criticalRateLimit.durationS * 1000,
  );
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req)) return;
    const checks = [config.globalApiRateLimit.enabled ? general : undefined];
    if (req.routeOptions.config?.critical && config.criticalRateLimit.enabled) checks.push(critical);
    for (const limiter of checks) {
      if (!limiter) continue;
      const { allowed, retryAfterS } = await limiter.hit(req.ip);
      if (!allowed)
        throw new AppError('too_many_requests', 'common.tooManyRequests', { retryAfter: retryAfterS });
    }
  });
}
