import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit.js';

describe('MemoryRateLimiter', () => {
  it('allows `count` hits per window, then rejects with the wait until the oldest hit expires', () => {
    const limiter = new MemoryRateLimiter(3, 10_000);
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 1000).allowed).toBe(true);
    expect(limiter.hit('a', 2000).allowed).toBe(true);
    expect(limiter.hit('a', 3000)).toEqual({ allowed: false, retryAfterS: 7 });
    expect(limiter.hit('b', 3000).allowed).toBe(true);
    expect(limiter.hit('a', 10_001).allowed).toBe(true);
  });
});
