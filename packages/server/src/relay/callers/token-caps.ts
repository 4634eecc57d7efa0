import { MemoryRateLimiter, type RateLimiter, type RateVerdict } from '../../http/rate-limit.js';
import { RedisRateLimiter } from '../../cluster/shared-rate-limit.js';
import { SharedSumWindow } from '../../cluster/shared-sum-window.js';
import type { SharedRedis } from '../../cluster/redis.js';
import type { RelayToken } from '../core/caller.js';
import { RelayError } from '../core/relay-error.js';

/** A request in flight longer than this no longer counts against its token's concurrency in Redis. */
const IN_FLIGHT_TTL_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

/**
 * The token's requests in flight in a sorted set on Redis's clock, so every node counts alike: entries of
 * requests that never ended (a node killed mid-request) age out after IN_FLIGHT_TTL_MS.
 */
const ENTER = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

let seq = 0;

const refused = (
  key: 'budget.concurrencyExceeded' | 'budget.rpmExceeded' | 'budget.tpmExceeded',
  limit: number,
  seconds: number,
  code: string,
) => {
  const err = new RelayError(429, key, { limit, seconds }, 'new_api_error', code);
  err.retryAfterS = seconds;
  return err;
};

/**
 * Per-token caps: requests in flight at once (`max_concurrency`), requests per minute (`rpm_limit`) and prompt
 * plus completion tokens per minute (`tpm_limit`). With Redis all three count across nodes (the requests per
 * minute with the shared sliding window of the /api limits, the tokens in a shared sum over the last minute);
 * without Redis, or while it is away, each node counts on its own.
 */
export class TokenCaps {
  private readonly inFlight = new Map<number, number>();
  private readonly rpm = new Map<number, RateLimiter>();
  /** Token id → (clock ms, tokens) of its settlements in the last minute, oldest first. */
  private readonly tpm = new Map<number, { at: number; n: number }[]>();
  private readonly sharedTpm: SharedSumWindow | undefined;

  constructor(
    private readonly redis?: SharedRedis,
    private readonly clock: () => number = Date.now,
  ) {
    this.sharedTpm = redis && new SharedSumWindow(redis, 'tpm', MINUTE_MS);
  }

  /**
   * Admits a request of `token`, or throws the 429 of the cap it would pass. Returns the release to call when
   * the request ends; undefined (synchronously) for a token without caps, which is nearly every one.
   */
  admit(token: RelayToken): undefined | (() => void) | Promise<() => void> {
    const concurrency = token.maxConcurrency ?? 0;
    const rpm = token.rpmLimit ?? 0;
    const tpm = token.tpmLimit ?? 0;
    if (!concurrency && !rpm && !tpm) return undefined;
    if (!this.shared()) {
      if (tpm) this.checkTpm(token.id, tpm);
      if (!rpm) return this.enter(token.id, concurrency);
    }
    return this.admitAsync(token, concurrency, rpm, tpm);
  }

  private shared(): boolean {
    return this.redis?.up === true;
  }

  private async admitAsync(
    token: RelayToken,
    concurrency: number,
    rpm: number,
    tpm: number,
  ): Promise<() => void> {
    if (tpm && this.shared()) await this.checkSharedTpm(token.id, tpm);
    // In flight first: a request refused for concurrency must not use up one of the minute's requests.
    const release = concurrency ? await this.enterShared(token.id, concurrency) : noop;
    if (rpm) {
      let verdict: RateVerdict;
      try {
        verdict = await this.rpmLimiter(rpm).hit(String(token.id), this.clock());
      } catch {
        verdict = { allowed: true, retryAfterS: 0 };
      }
      if (!verdict.allowed) {
        release();
        throw refused('budget.rpmExceeded', rpm, verdict.retryAfterS, 'token_rpm_exceeded');
      }
    }
    return release;
  }

  private rpmLimiter(limit: number): RateLimiter {
    let l = this.rpm.get(limit);
    if (!l) {
      l = this.redis
        ? new RedisRateLimiter(this.redis, `rpm${limit}`, limit, MINUTE_MS)
        : new MemoryRateLimiter(limit, MINUTE_MS);
      this.rpm.set(limit, l);
    }
    return l;
  }

  private enter(id: number, limit: number): () => void {
    if (!limit) return noop;
    const n = this.inFlight.get(id) ?? 0;
    if (n >= limit) throw refused('budget.concurrencyExceeded', limit, 1, 'token_concurrency_exceeded');
    this.inFlight.set(id, n + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.inFlight.get(id) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(id);
      else this.inFlight.set(id, left);
    };
  }

  private async enterShared(id: number, limit: number): Promise<() => void> {
    if (!this.shared()) return this.enter(id, limit);
    const redis = this.redis!;
    const key = `switchboard:cc:${id}`;
    const member = `${process.pid}.${++seq}.${Math.random().toString(36).slice(2, 8)}`;
    let entered: number;
    try {
      entered = (await redis.client.eval(ENTER, 1, key, IN_FLIGHT_TTL_MS, limit, member)) as number;
    } catch {
      return this.enter(id, limit);
    }
    if (entered !== 1) throw refused('budget.concurrencyExceeded', limit, 1, 'token_concurrency_exceeded');
    let done = false;
    return () => {
      if (done) return;
      done = true;
      redis.client.zrem(key, member).catch(() => undefined);
    };
  }

  private checkTpm(id: number, limit: number): void {
    const log = this.tpm.get(id);
    if (!log) return;
    const now = this.clock();
    while (log.length && log[0]!.at <= now - MINUTE_MS) log.shift();
    if (!log.length) {
      this.tpm.delete(id);
      return;
    }
    let sum = 0;
    for (const e of log) sum += e.n;
    if (sum >= limit)
      throw refused(
        'budget.tpmExceeded',
        limit,
        Math.max(1, Math.ceil((log[0]!.at + MINUTE_MS - now) / 1000)),
        'token_tpm_exceeded',
      );
  }

  private async checkSharedTpm(id: number, limit: number): Promise<void> {
    const seen = await this.sharedTpm!.sum(String(id));
    if (!seen) return this.checkTpm(id, limit);
    if (seen.sum >= limit) throw refused('budget.tpmExceeded', limit, seen.retryAfterS, 'token_tpm_exceeded');
  }

  /** A request of `token` settled having used `tokens` (prompt and completion). */
  used(token: RelayToken, tokens: number): void {
    if (!token.tpmLimit || tokens <= 0) return;
    // Kept on this node too: it is what counts while Redis is away.
    let log = this.tpm.get(token.id);
    if (!log) this.tpm.set(token.id, (log = []));
    log.push({ at: this.clock(), n: tokens });
    if (this.shared()) void this.sharedTpm!.add(String(token.id), tokens);
  }
}

const noop = () => undefined;

/** Runs `run` inside the caps a request was admitted under, releasing them however it ends. */
export async function withinCaps<T>(
  admitted: (() => void) | Promise<() => void>,
  run: () => Promise<T>,
): Promise<T> {
  const release = typeof admitted === 'function' ? admitted : await admitted;
  try {
    return await run();
  } finally {
    release();
  }
}
