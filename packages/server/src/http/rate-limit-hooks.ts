import { extname } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './errors.js';
import { MemoryRateLimiter, type RateLimiter } from './rate-limit.js';
import { isApiRequest, routePath } from './route-family.js';
import type { Metrics } from '../observe/metrics.js';
import type { CounterSeries } from '../observe/series.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also counts against the critical per-IP limit (login, register, reset, OAuth). */
    critical?: boolean;
    /** Counts against the general /api limit outside /api (new-api's dashboard billing routes). */
    apiRateLimit?: boolean;
  }
}

export type LimiterFactory = (name: string, count: number, windowMs: number) => RateLimiter;

/** The console's catch-all route (web-console.ts): its pages, its files and unmatched GETs. */
const CONSOLE_ROUTE = '/*';

/**
 * A page of the console, as opposed to one of its files (`/assets/….js`, `/logo.png`): a path whose last segment
 * has no extension. new-api's single-bundle console costs a handful of files per visit; ours loads dozens of
 * hashed chunks, each cached for good, so counting files would shut a first visit out after a few screens.
 */
const isConsolePage = (req: FastifyRequest) => extname(routePath(req)) === '';

/**
 * Per-IP limits of reference §5.7: the general /api limit and the stricter critical one, decided on the route a
 * request matched, so no spelling of a path (`//api/...`, `/%61pi/...`) escapes them. The console's pages
 * count against `GLOBAL_WEB_RATE_LIMIT` (new-api's web limit, 60 per 180 s), as do unmatched GETs outside /api,
 * which new-api also answers through its web router.
 */
export function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  /** Where the counts live: this node's memory, or Redis shared by every node. */
  limiter: LimiterFactory = (_name, count, windowMs) => new MemoryRateLimiter(count, windowMs),
  /** Counts each refusal by limit (`switchboard_rate_limit_refusals_total`), when metrics are on. */
  metrics?: Metrics,
): void {
  const refusals = (name: string) => metrics?.rateLimited.series(name);
  const [apiRefused, criticalRefused, webRefused] = [refusals('api'), refusals('critical'), refusals('web')];
  const limiterOf = (name: string, limit: Config['globalApiRateLimit']) =>
    limit.enabled ? limiter(name, limit.count, limit.durationS * 1000) : undefined;
  const general = limiterOf('api', config.globalApiRateLimit);
  const critical = limiterOf('critical', config.criticalRateLimit);
  const web = limiterOf('web', config.globalWebRateLimit);
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req) && !req.routeOptions.config?.apiRateLimit) {
      if (web && req.routeOptions.url === CONSOLE_ROUTE && isConsolePage(req))
        await refuseOver(web, req.ip, webRefused);
      return;
    }
    await refuseOver(general, req.ip, apiRefused);
    if (req.routeOptions.config?.critical) await refuseOver(critical, req.ip, criticalRefused);
  });
}

async function refuseOver(
  limiter: RateLimiter | undefined,
  ip: string,
  refused: CounterSeries | undefined,
): Promise<void> {
  if (!limiter) return;
  const { allowed, retryAfterS } = await limiter.hit(ip);
  if (allowed) return;
  refused?.inc();
  throw new AppError('too_many_requests', 'common.tooManyRequests', { retryAfter: retryAfterS });
}
