import { MemoryRateLimiter, type RateLimiter, type RateVerdict } from '../http/rate-limit.js';
import type { SharedRedis } from './redis.js';

/**
 * A sliding window in a sorted set, on Redis's own clock so that every node counts alike: drops hits older than
 * the window, refuses when `limit` are left (answering the oldest, for Retry-After), else records this one.
 */
const SLIDING_WINDOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))}
end
redis.call('ZADD', KEYS[1], now, now .. '-' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}`;

let seq = 0;

/**
 * A limit counted across nodes in Redis (`GLOBAL_API_RATE_LIMIT` of 30 lets 30 through in all, not 30 per
 * node), one round trip per hit. While Redis is away each node counts on its own (the limit then holds per
 * node, as without Redis), and uses Redis again as soon as it is back.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly local: MemoryRateLimiter;

  constructor(
    private readonly redis: SharedRedis,
    private readonly name: string,
    private readonly count: number,
    private readonly windowMs: number,
  ) {
    this.local = new MemoryRateLimiter(count, windowMs);
  }

  async hit(key: string, now = Date.now()): Promise<RateVerdict> {
    if (!this.redis.up) return this.local.hit(key, now);
    try {
      const [allowed, retryAfterS] = (await this.redis.client.eval(
        SLIDING_WINDOW,
        1,
        `switchboard:rl:${this.name}:${key}`,
        this.windowMs,
        this.count,
        `${process.pid}.${++seq}`,
      )) as [number, number];
      return { allowed: allowed === 1, retryAfterS };
    } catch {
      return this.local.hit(key, now);
    }
  }
}
