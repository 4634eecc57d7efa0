import type { SharedRedis } from '../../cluster/redis.js';

/**
 * Both per-user model limits in one step on Redis's clock: the successful requests of the window (refused at
 * `ok`, answer 2), then the requests of the window (refused at `total`, answer 1; 0 = unlimited), recording this
 * one; 0 admits it.
 */
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
if tonumber(ARGV[2]) > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
  redis.call('ZADD', KEYS[1], now, now .. '-' .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
end
return 0`;

const SUCCEEDED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, now .. '-' .. ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

let seq = 0;

/**
 * The per-user model limits counted across nodes (ModelRequestRateLimit*): a limit of 30 lets 30 through in all.
 * One round trip per request while the limits are on; callers fall back to their node's own count while Redis
 * is unreachable.
 */
export class SharedModelLimit {
  constructor(private readonly redis: SharedRedis) {}

  get up(): boolean {
    return this.redis.up;
  }

  /** 0 admitted, 1 over the request limit, 2 over the success limit. */
  async admit(userId: number, windowMs: number, total: number, ok: number): Promise<0 | 1 | 2> {
    const member = `${process.pid}.${++seq}`;
    return (await this.redis.client.eval(
      ADMIT,
      2,
      key('total', userId),
      key('ok', userId),
      windowMs,
      total,
      ok,
      member,
    )) as 0 | 1 | 2;
  }

  succeeded(userId: number, windowMs: number): void {
    void this.redis.client
      .eval(SUCCEEDED, 1, key('ok', userId), windowMs, `${process.pid}.${++seq}`)
      .catch(() => undefined);
  }
}

const key = (kind: string, userId: number) => `switchboard:mrl:${kind}:${userId}`;
