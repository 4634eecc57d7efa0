import type { SharedRedis } from './redis.js';

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Adds one amount to the current second's bucket, at Redis's time. */
const ADD = `${NOW}
redis.call('HINCRBY', KEYS[1], math.floor(now / 1000), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

/**
 * Drops the buckets that left the window (a bucket leaves when its second's start does); answers the sum of the rest and the seconds until the oldest leaves
 * too. Buckets of a second keep the work per read bounded (at most one per second of the window) however many
 * requests a busy key makes.
 */
const SUM = `${NOW}
local window = tonumber(ARGV[1])
local oldest = math.floor((now - window) / 1000) + 1
local fields = redis.call('HGETALL', KEYS[1])
local sum, first = 0, nil
for i = 1, #fields, 2 do
  local second = tonumber(fields[i])
  if second < oldest then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    sum = sum + tonumber(fields[i + 1])
    if first == nil or second < first then first = second end
  end
end
if first == nil then return {0, 0} end
return {sum, math.max(1, math.ceil((first * 1000 + window - now) / 1000))}`;

/**
 * A sum over a sliding window, counted across nodes in per-second buckets on Redis's clock (the tokens a key used in
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
    try {
      await this.redis.client.eval(ADD, 1, this.key(key), this.windowMs, Math.round(amount));
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
