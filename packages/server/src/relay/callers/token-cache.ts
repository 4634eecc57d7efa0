import type { CallerBalances } from '../core/balances.js';
import type { RelayCaller, RelayToken, RelayUser } from '../core/caller.js';

/** How much the relay's token cache may hold. */
export interface TokenCacheLimits {
  /** Known keys kept; the least recently used go first. */
  maxKeys: number;
  /** Unknown keys remembered, so a client retrying a wrong key does not query the database every time. */
  maxMisses: number;
  /** How long an unknown key stays unknown: a token created meanwhile works after this at the latest. */
  missTtlMs: number;
}

/**
 * About 1 KB per known key, so 10,000 keys cost some 10 MB at most. Misses are cheap (a key and a number) but
 * anyone can make them, hence the tighter bound.
 */
export const TOKEN_CACHE_LIMITS: TokenCacheLimits = { maxKeys: 10_000, maxMisses: 2_000, missTtlMs: 5_000 };

interface Hit {
  caller: RelayCaller;
  /** Insertion number when the entry last moved to the young end of the map. */
  seq: number;
}

interface SharedUser {
  user: RelayUser;
  /** Cached keys holding this object. */
  refs: number;
}

/**
 * The relay's per-key cache of token rows, bounded in size (hits and misses) and, for misses, in time. Keys of
 * one user share one {@link RelayUser} object, so a charge is seen by all of them; that object is kept exactly
 * as long as one of its keys is. The one owner of cached balances: the ledger tells it of each charge
 * ({@link charged}) and nothing else writes them.
 */
export class TokenCache implements CallerBalances {
  private readonly hits = new Map<string, Hit>();
  /** Unknown key → expiry (clock ms). One TTL for all, so insertion order is expiry order. */
  private readonly misses = new Map<string, number>();
  private readonly users = new Map<number, SharedUser>();
  /** Token id → the token object of its cached key, whose balance {@link charged} keeps up to date. */
  private readonly tokens = new Map<number, RelayToken>();
  private seq = 0;
  /** Bumped by {@link clear}: a load that started before must not be cached after. */
  generation = 0;
  /** Lookups so far by result (`switchboard_cache_requests_total`): a cached caller, a cached unknown key, neither. */
  readonly lookups = { hit: 0, negative: 0, miss: 0 };

  constructor(
    private readonly limits: TokenCacheLimits = TOKEN_CACHE_LIMITS,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** The cached caller; null for a key known not to exist; undefined when the database must be asked. */
  get(key: string): RelayCaller | null | undefined {
    const hit = this.hits.get(key);
    if (hit) {
      // Only keys drifting into the older half move back to the young end, so most hits are one Map read.
      if (this.seq - hit.seq > this.limits.maxKeys / 2) {
        this.hits.delete(key);
        hit.seq = ++this.seq;
        this.hits.set(key, hit);
      }
      this.lookups.hit++;
      return hit.caller;
    }
    this.lookups.miss++;
    if (this.misses.size === 0) return undefined;
    const expires = this.misses.get(key);
    if (expires === undefined) return undefined;
    if (expires > this.clock()) {
      this.lookups.miss--;
      this.lookups.negative++;
      return null;
    }
    this.misses.delete(key);
    return undefined;
  }

  /**
   * Caches what the database answered for `key` and returns the caller to use: its user object is the one
   * already shared by the user's other keys, and a key cached meanwhile by a concurrent request keeps its entry.
   */
  add(key: string, caller: RelayCaller | null): RelayCaller | null {
    if (!caller) {
      this.addMiss(key);
      return null;
    }
    const known = this.hits.get(key);
    if (known) return known.caller;
    this.misses.delete(key);
    const shared = this.users.get(caller.user.id);
    if (shared) shared.refs++;
    else this.users.set(caller.user.id, { user: caller.user, refs: 1 });
    const entry = { caller: { ...caller, user: shared?.user ?? caller.user }, seq: ++this.seq };
    this.hits.set(key, entry);
    this.tokens.set(caller.token.id, caller.token);
    if (this.hits.size > this.limits.maxKeys) {
      const oldest = this.hits.keys().next().value as string;
      this.delete(oldest);
    }
    return entry.caller;
  }

  private addMiss(key: string): void {
    const now = this.clock();
    this.misses.delete(key);
    this.misses.set(key, now + this.limits.missTtlMs);
    for (const [old, expires] of this.misses) {
      if (this.misses.size <= this.limits.maxMisses && expires > now) break;
      this.misses.delete(old);
    }
  }

  /** Forgets one key, and its user object when no other cached key holds it. */
  delete(key: string): void {
    this.misses.delete(key);
    const hit = this.hits.get(key);
    if (!hit) return;
    this.hits.delete(key);
    if (this.tokens.get(hit.caller.token.id) === hit.caller.token) this.tokens.delete(hit.caller.token.id);
    const id = hit.caller.user.id;
    const shared = this.users.get(id);
    if (shared && --shared.refs <= 0) this.users.delete(id);
  }

  /**
   * Lowers the balances of a charged caller: the objects its request holds and, when the cache was refreshed
   * while the request was in flight, the cached objects later requests will see.
   */
  charged(caller: RelayCaller, delta: number, limited: boolean): void {
    const { user, token } = caller;
    const cachedUser = this.users.get(user.id)?.user;
    user.quota -= delta;
    if (cachedUser && cachedUser !== user) cachedUser.quota -= delta;
    if (limited) {
      const cachedToken = this.tokens.get(token.id);
      token.remainQuota -= delta;
      if (cachedToken && cachedToken !== token) cachedToken.remainQuota -= delta;
    }
  }

  clear(): void {
    this.tokens.clear();
    this.hits.clear();
    this.misses.clear();
    this.users.clear();
    this.generation++;
  }

  /** Entries held now, for tests and diagnostics. */
  get size(): { keys: number; misses: number; users: number } {
    return { keys: this.hits.size, misses: this.misses.size, users: this.users.size };
  }
}
