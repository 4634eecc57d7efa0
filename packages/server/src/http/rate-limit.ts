/**
 * Sliding-window request counter per key (an IP, a user id). In memory: one node's view; the Redis-backed
 * variant shares the same interface for multi-node deployments.
 */
export interface RateLimiter {
  /** Records a hit and says whether it is within the limit; `retryAfterS` when it is not. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterS: number };
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly count: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): { allowed: boolean; retryAfterS: number } {
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
