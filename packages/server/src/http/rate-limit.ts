export interface RateVerdict {
  allowed: boolean;
  /** Seconds until a hit would be allowed again, when it is not now. */
  retryAfterS: number;
}

/**
 * Sliding-window request counter per key (an IP, a user id). In memory: one node's view; the Redis-backed one
 * (cluster/shared-rate-limit.ts) counts across nodes.
 */
export interface RateLimiter {
  /** Records a hit and says whether it is within the limit. */
  hit(key: string, now?: number): RateVerdict | Promise<RateVerdict>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly count: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): RateVerdict {
    this.sweep(now);
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.count) {
      this.hits.set(key, list);
      const oldest = list[0] ?? now;
      return { allowed: false, retryAfterS: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    list.push(now);
    this.hits.set(key, list);
    return { allowed: true, retryAfterS: 0 };
  }

  /** Drops idle keys so memory stays bounded by the number of recently active clients. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, list] of this.hits) {
      if ((list[list.length - 1] ?? 0) <= since) this.hits.delete(key);
    }
  }
}
