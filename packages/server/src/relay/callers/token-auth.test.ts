import { randomSuffix } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqliteHandleOf } from '../../db/database.js';
import { insertReturningId } from '../../db/insert-id.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Ledger } from '../billing/ledger.js';
import { TokenAuth } from './token-auth.js';
import { TOKEN_CACHE_LIMITS } from './token-cache.js';

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.userWithRole(1, { quota: 1_000_000 })).id;
});
afterAll(() => t.close());

async function token(owner = userId): Promise<string> {
  const key = randomSuffix(48);
  await insertReturningId(t.ctx.db, 'tokens', { user_id: owner, key, name: 'k', unlimited_quota: 1 });
  return key;
}

/** Counts the database reads of `auth` while `fn` runs. */
async function reads(fn: () => unknown): Promise<number> {
  const spy = vi.spyOn(t.ctx.db, 'selectFrom');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

/** The error a key is refused with, whether it is thrown at once (a cached key) or after a read. */
const refusal = async (auth: TokenAuth, key: string) => {
  try {
    return await auth.authenticate(key, '127.0.0.1');
  } catch (e) {
    return e;
  }
};

describe('TokenAuth', () => {
  it('refuses keys that cannot be valid with 401 token.invalid, before any lookup or caching', async () => {
    const auth = new TokenAuth(t.ctx);
    const malformed = [
      'sk-short',
      `sk-${'a'.repeat(31)}`,
      `sk-${'a'.repeat(49)}`,
      `sk-${'a'.repeat(47)}!`,
      `sk-${'é'.repeat(48)}`,
      `Bearer sk-${'a'.repeat(40)}%00`,
      `sk-${'x'.repeat(20_000)}`,
      'sk-',
    ];
    const count = await reads(async () => {
      for (const key of malformed) {
        expect(await refusal(auth, key)).toMatchObject({ status: 401, key: 'token.invalid' });
      }
    });
    expect(count).toBe(0);
    expect(auth.cacheSize).toEqual({ keys: 0, misses: 0, users: 0 });
  });

  it('serves a known key from the cache, with one user object shared by all the keys of a user', async () => {
    const auth = new TokenAuth(t.ctx);
    const [a, b] = [await token(), await token()];
    const first = await auth.authenticate(`Bearer sk-${a}`, '127.0.0.1');
    const other = await auth.authenticate(`sk-${b}`, '127.0.0.1');
    expect(other.user).toBe(first.user);
    expect(await reads(() => auth.authenticate(`sk-${a}`, '127.0.0.1'))).toBe(0);
    expect(auth.cacheSize).toEqual({ keys: 2, misses: 0, users: 1 });
  });

  it('remembers an unknown key only for its TTL: a token created after the miss works then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const auth = new TokenAuth(t.ctx);
      const key = randomSuffix(48);
      expect(await refusal(auth, `sk-${key}`)).toMatchObject({ status: 401, key: 'token.invalid' });
      await insertReturningId(t.ctx.db, 'tokens', { user_id: userId, key, name: 'late', unlimited_quota: 1 });
      // Within the TTL the miss is served from memory, without a database read.
      vi.advanceTimersByTime(TOKEN_CACHE_LIMITS.missTtlMs - 10);
      expect(await reads(() => refusal(auth, `sk-${key}`))).toBe(0);
      vi.advanceTimersByTime(20);
      expect((await auth.authenticate(`sk-${key}`, '127.0.0.1')).token.name).toBe('late');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most maxKeys known keys, recently used ones longest, and drops users no key holds', async () => {
    const auth = new TokenAuth(t.ctx, { ...TOKEN_CACHE_LIMITS, maxKeys: 4 });
    const other = (await t.userWithRole(1, { quota: 5 })).id;
    const hot = await token(other);
    await auth.authenticate(`sk-${hot}`, '127.0.0.1');
    for (let i = 0; i < 12; i++) {
      await auth.authenticate(`sk-${await token()}`, '127.0.0.1');
      expect(await reads(() => auth.authenticate(`sk-${hot}`, '127.0.0.1'))).toBe(0);
      expect(auth.cacheSize.keys).toBeLessThanOrEqual(4);
    }
    expect(auth.cacheSize.users).toBe(2);
    for (let i = 0; i < 4; i++) await auth.authenticate(`sk-${await token()}`, '127.0.0.1');
    // The hot key went cold and was evicted: its user object went with it.
    expect(auth.cacheSize).toEqual({ keys: 4, misses: 0, users: 1 });
  });

  it('drops everything when tokens or users change', async () => {
    const auth = new TokenAuth(t.ctx);
    await auth.authenticate(`sk-${await token()}`, '127.0.0.1');
    await refusal(auth, `sk-${randomSuffix(48)}`);
    expect(auth.cacheSize).toEqual({ keys: 1, misses: 1, users: 1 });
    t.ctx.events.emit('users', []);
    expect(auth.cacheSize).toEqual({ keys: 0, misses: 0, users: 0 });
  });

  it('keeps at most maxMisses unknown keys, and forgets them once their TTL has passed', async () => {
    const auth = new TokenAuth(t.ctx, { ...TOKEN_CACHE_LIMITS, maxMisses: 300 });
    for (let i = 0; i < 1_500; i++) {
      await refusal(auth, `sk-${randomSuffix(48)}`);
      await refusal(auth, `sk-${randomSuffix(100)}-${i}`);
    }
    expect(auth.cacheSize).toEqual({ keys: 0, misses: 300, users: 0 });

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const brief = new TokenAuth(t.ctx, { ...TOKEN_CACHE_LIMITS, missTtlMs: 1_000 });
      for (let i = 0; i < 10; i++) await refusal(brief, `sk-${randomSuffix(48)}`);
      expect(brief.cacheSize.misses).toBe(10);
      vi.advanceTimersByTime(1_001);
      await refusal(brief, `sk-${randomSuffix(48)}`);
      expect(brief.cacheSize.misses).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('a balance read while the ledger writes a batch', () => {
    it('is read again when a write finished during it, so the balance is never the pre-commit one', async () => {
      const owner = (await t.userWithRole(1, { quota: 1_000 })).id;
      let pending = 100;
      const ledger = {
        holds: { unflushedUser: () => pending, unflushedToken: () => 0 },
        writing: false,
        writes: 0,
        idle: async () => {},
        current: () => ({}),
      };
      // The first read runs its query, then the batch of 100 commits and reports (as the settlement worker can)
      // before the read's result is back: that result is the balance before the commit.
      const racing = t.ctx.db.withPlugin({
        transformQuery: (a) => a.node,
        transformResult: async (a) => {
          sqliteHandleOf(t.ctx.db)!.prepare('update users set quota = quota - 100 where id = ?').run(owner);
          pending = 0;
          ledger.writes++;
          return a.result;
        },
      });
      const key = await token(owner);
      const spy = vi
        .spyOn(t.ctx.db, 'selectFrom')
        .mockImplementationOnce(((table: 'tokens') =>
          racing.selectFrom(table)) as typeof t.ctx.db.selectFrom);
      try {
        const auth = new TokenAuth(t.ctx);
        auth.attach(ledger as unknown as Ledger);
        const caller = await auth.authenticate(`sk-${key}`, '127.0.0.1');
        // 1,000 read before the commit, less nothing pending, would be 100 too much.
        expect(caller.user.quota).toBe(900);
      } finally {
        spy.mockRestore();
      }
    });

    it('counts a write still under way as pending after a few reads, never as written', async () => {
      const owner = (await t.userWithRole(1, { quota: 1_000 })).id;
      const ledger = {
        holds: { unflushedUser: () => 100, unflushedToken: () => 0 },
        writing: true,
        writes: 0,
        idle: async () => {},
        current: () => ({}),
      };
      const auth = new TokenAuth(t.ctx);
      auth.attach(ledger as unknown as Ledger);
      const key = await token(owner);
      const count = await reads(() => auth.authenticate(`sk-${key}`, '127.0.0.1'));
      expect(count).toBe(5);
      expect((await auth.authenticate(`sk-${key}`, '127.0.0.1')).user.quota).toBe(900);
    });
  });
});
