import { describe, expect, it } from 'vitest';
import type { RelayCaller } from '../core/caller.js';
import { TokenCache } from './token-cache.js';

const callerOf = (userId: number, tokenId: number, quota: number, remainQuota: number): RelayCaller => ({
  user: {
    id: userId,
    username: 'u',
    role: 1,
    status: 1,
    group: 'default',
    quota,
    quotaWarningThreshold: null,
  },
  token: {
    id: tokenId,
    userId,
    name: 't',
    status: 1,
    expiredTime: -1,
    unlimited: false,
    remainQuota,
    modelLimits: null,
    allowIps: null,
    group: '',
  },
});

describe('TokenCache, the one owner of cached balances', () => {
  it("lowers a charged caller's user, seen by all its keys, and its token when the token is limited", () => {
    const cache = new TokenCache();
    const a = cache.add('a', callerOf(1, 10, 1_000, 500))!;
    const b = cache.add('b', callerOf(1, 11, 1_000, 300))!;
    cache.charged(a, 100, true);
    expect([a.user.quota, b.user.quota, a.token.remainQuota, b.token.remainQuota]).toEqual([
      900, 900, 400, 300,
    ]);
    cache.charged(b, 50, false);
    expect([a.user.quota, b.token.remainQuota]).toEqual([850, 300]);
  });

  it('lowers the cached objects too when the cache was refreshed while the request was in flight', () => {
    const cache = new TokenCache();
    const inFlight = cache.add('a', callerOf(1, 10, 1_000, 500))!;
    // A management write drops the cache; the next request reads the row again (the charge is not in it yet).
    cache.clear();
    const fresh = cache.add('a', callerOf(1, 10, 1_000, 500))!;
    expect(fresh.user).not.toBe(inFlight.user);
    cache.charged(inFlight, 100, true);
    expect([inFlight.user.quota, fresh.user.quota]).toEqual([900, 900]);
    expect([inFlight.token.remainQuota, fresh.token.remainQuota]).toEqual([400, 400]);
  });

  it("lowers a caller no key holds (the playground's), and the user's cached object when a key holds it", () => {
    const cache = new TokenCache();
    const other = cache.add('other', callerOf(2, 20, 1_000, 500))!;
    const playground = callerOf(1, 0, 1_000, 0);
    playground.token.unlimited = true;
    cache.charged(playground, 30, false);
    expect([playground.user.quota, other.user.quota, other.token.remainQuota]).toEqual([970, 1_000, 500]);
    const keyed = cache.add('a', callerOf(1, 10, 970, 500))!;
    cache.charged(playground, 70, false);
    expect([playground.user.quota, keyed.user.quota, keyed.token.remainQuota]).toEqual([900, 900, 500]);
  });
});
