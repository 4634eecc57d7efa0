import type { SharedRedis } from './redis.js';

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Records one amount at Redis's time: the member starts with the amount, the rest only keeps it unique. */
const ADD = `${NOW}
redis.call('ZADD', KEYS[1], now, ARGV[2] .. ':' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/** Drops what left the window; answers the sum of the rest and the seconds until the oldest leaves too. */
const SUM = `${NOW}
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local entries = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local sum = 0
for i = 1, #entries, 2 do
  sum = sum + tonumber(string.match(entries[i], '^(%d+):'))
end
if #entries == 0 then return {0, 0} end
return {sum, math.max(1, math.ceil((tonumber(entries[2]) + window - now) / 1000))}`;

let seq = 0;

/**
 * A sum over a sliding window, counted across nodes in a sorted set on Redis's clock (the tokens a key used in
 * the last minute, whichever node served them). One round trip to read, one to add; a failed call answers
 * undefined / false, and the caller counts on its own node meanwhile.
 */
export class SharedSumWindow {
  constructor(
    private readonly redis: SharedRedis,
    private readonly name: string,
    private readonly windowMs: number,
  ) {}

  private key(key: string): string {
    return `switchboard:${this.name}:${key}`;
  }

  async add(key: string, amount: number): Promise<boolean> {
    if (!this.redis.up || !(amount > 0)) return false;
    const member = `${process.pid}.${++seq}.${Math.random().toString(36).slice(2, 8)}`;
    try {
      await this.redis.client.eval(ADD, 1, this.key(key), this.windowMs, Math.round(amount), member);
      return true;
    } catch {
      return false;
    }
  }

  async sum(key: string): Promise<{ sum: number; retryAfterS: number } | undefined> {
    if (!this.redis.up) return undefined;
    try {
      const [sum, retryAfterS] = (await this.redis.client.eval(SUM, 1, this.key(key), this.windowMs)) as [
        number,
        number,
      ];
      return { sum, retryAfterS };
    } catch {
      return undefined;
    }
  }
}
