import { BlockList, isIP } from 'node:net';
import { Role, TokenStatus, UserStatus } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { toBool } from '../../db/tables.js';
import { relayError } from '../core/relay-error.js';
import { ownWarningThreshold } from '../../notify/quota-warning.js';
import { TOKEN_KEY_LENGTH } from '../../modules/tokens/tokens.service.js';
import type { CallerBalances, UnflushedQuota } from '../core/balances.js';
import type { AdmittedCaller, RelayCaller } from '../core/caller.js';
import { TOKEN_CACHE_LIMITS, TokenCache, type TokenCacheLimits } from './token-cache.js';
import { budgetOf } from '../billing/budget-spec.js';
import { readBudgetUsage } from '../billing/budget-usage.js';

/** An allow list of exact addresses and CIDR ranges, one per line (or comma); invalid lines are ignored. */
export function parseAllowIps(text: string): BlockList | null {
  const list = new BlockList();
  let any = false;
  for (const raw of text.split(/[\n,]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) continue;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
    any = true;
  }
  return any ? list : null;
}

function ipAllowed(list: BlockList, ip: string): boolean {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

const BEARER_SK = 'Bearer sk-';

/**
 * The shape of every key this server or new-api generates (48 of [0-9A-Za-z]); one-api's older keys were
 * 32-character UUIDs without dashes. Anything else cannot name a token, so it is refused before any lookup.
 */
const KEY_SHAPE = new RegExp(`^[0-9A-Za-z]{32,${TOKEN_KEY_LENGTH}}$`);

/** Splits `sk-KEY` or `sk-KEY-<channelId>` (new-api's channel pin) off the header value. */
export function parseKey(raw: string): { key: string; pinnedChannel?: number } {
  // Nearly every call: `Bearer sk-<key>`, taken without the regular expressions below (a few µs per request).
  if (raw.startsWith(BEARER_SK)) {
    const key = raw.slice(BEARER_SK.length);
    if (KEY_SHAPE.test(key)) return { key };
  }
  const value = raw
    .replace(/^Bearer\s+/i, '')
    .trim()
    .replace(/^sk-/, '');
  const [key = '', pin] = value.split('-');
  return pin !== undefined && /^\d+$/.test(pin) ? { key, pinnedChannel: Number(pin) } : { key };
}

/**
 * Token checks of reference §4.2, served from memory: rows are cached per key (see {@link TokenCache} for the
 * bounds) and dropped when the token or its user changes (the management API announces it on `ctx.events`), so
 * the hot path reads no database.
 */
export class TokenAuth {
  private readonly cache: TokenCache;

  constructor(
    private readonly ctx: AppContext,
    limits: TokenCacheLimits = TOKEN_CACHE_LIMITS,
  ) {
    this.cache = new TokenCache(limits);
    const clear = () => this.cache.clear();
    ctx.events.on('tokens', clear);
    ctx.events.on('users', clear);
  }

  /**
   * Where settled-but-unwritten quota is counted (the ledger): a balance read from the database is that much
   * too high until the batch holding it is written, and a read racing a write is read again.
   */
  private ledger: UnflushedQuota | undefined;

  /** The ledger whose unflushed settlements are taken off balances read from the database. */
  attach(ledger: UnflushedQuota): void {
    this.ledger = ledger;
  }

  /** The owner of the cached balances, which the ledger tells of each charge. */
  get balances(): CallerBalances {
    return this.cache;
  }

  /** Lookups of the cache so far, by result. */
  get cacheLookups(): { hit: number; negative: number; miss: number } {
    return this.cache.lookups;
  }

  /** Entries cached now: known keys, remembered unknown keys, shared user objects. */
  get cacheSize(): { keys: number; misses: number; users: number } {
    return this.cache.size;
  }

  /**
   * The caller of `key` from the database, its balances less what the ledger has not written yet. A batch
   * write under way during the read may or may not be in it (the settlement worker commits before it reports),
   * so the read is repeated until none was. A write that finished during the read would make the balance too
   * high, and that is never accepted; after a few tries, one still under way is, since counting its quota
   * twice can only make the balance too low.
   */
  private async load(key: string): Promise<RelayCaller | null> {
    const ledger = this.ledger;
    if (!ledger) return this.read(key);
    for (let attempt = 1; ; attempt++) {
      await ledger.idle();
      const writes = ledger.writes;
      const caller = await this.read(key);
      // A budget's spend is read with the balances, under the same rule about batches written meanwhile.
      const unknown = caller && ledger.budgets ? ledger.budgets.unknown(caller) : [];
      const usage = unknown.length ? await readBudgetUsage(this.ctx.db, unknown) : undefined;
      if (caller && writes !== ledger.writes) continue;
      if (caller && ledger.writing && attempt < 5) continue;
      if (usage) ledger.budgets!.primed(unknown, usage);
      if (caller) {
        caller.user.quota -= ledger.holds.unflushedUser(caller.user.id);
        if (!caller.token.unlimited) caller.token.remainQuota -= ledger.holds.unflushedToken(caller.token.id);
      }
      return caller;
    }
  }

  private async read(key: string): Promise<RelayCaller | null> {
    const row = await this.ctx.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select([
        'tokens.id',
        'tokens.user_id',
        'tokens.name',
        'tokens.status',
        'tokens.expired_time',
        'tokens.unlimited_quota',
        'tokens.remain_quota',
        'tokens.model_limits_enabled',
        'tokens.model_limits',
        'tokens.allow_ips',
        'tokens.group as token_group',
        'tokens.period',
        'tokens.period_quota',
        'tokens.period_requests',
        'tokens.max_concurrency',
        'tokens.rpm_limit',
        'tokens.tpm_limit',
        'users.period as user_period',
        'users.period_quota as user_period_quota',
        'users.period_requests as user_period_requests',
        'users.username',
        'users.role',
        'users.status as user_status',
        'users.group as user_group',
        'users.quota',
        'users.setting',
      ])
      .where('tokens.key', '=', key)
      .where('tokens.deleted_at', 'is', null)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const limits = row.model_limits
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const tokenBudget = budgetOf(row);
    const userBudget = budgetOf({
      period: row.user_period,
      period_quota: row.user_period_quota,
      period_requests: row.user_period_requests,
    });
    return {
      token: {
        ...(tokenBudget ? { budget: tokenBudget } : {}),
        maxConcurrency: Number(row.max_concurrency) || 0,
        rpmLimit: Number(row.rpm_limit) || 0,
        tpmLimit: Number(row.tpm_limit) || 0,
        id: row.id,
        userId: row.user_id,
        name: row.name,
        status: row.status,
        expiredTime: row.expired_time,
        unlimited: toBool(row.unlimited_quota),
        remainQuota: row.remain_quota,
        modelLimits: toBool(row.model_limits_enabled) ? new Set(limits) : null,
        allowIps: parseAllowIps(row.allow_ips),
        group: row.token_group,
      },
      user: {
        id: row.user_id,
        username: row.username,
        role: row.role,
        status: row.user_status,
        group: row.user_group,
        quota: row.quota,
        quotaWarningThreshold: ownWarningThreshold(row.setting),
        ...(userBudget ? { budget: userBudget } : {}),
      },
    };
  }

  /** Forgets one token (after its balance changed here) so the next request reads it fresh. */
  forget(key: string): void {
    this.cache.delete(key);
  }

  /**
   * The caller of a relay key, or the error that refuses it. Synchronous when the key is cached, which is every
   * request but a key's first: no promise on the relay's hot path.
   */
  authenticate(rawKey: string | undefined, ip: string): AdmittedCaller | Promise<AdmittedCaller> {
    if (!rawKey?.trim()) throw relayError(401, 'token.missing');
    const { key, pinnedChannel } = parseKey(rawKey);
    if (!KEY_SHAPE.test(key)) throw relayError(401, 'token.invalid');
    const cached = this.cache.get(key);
    if (cached !== undefined) return this.admitCaller(cached, key, pinnedChannel, ip);
    const generation = this.cache.generation;
    return this.load(key).then((loaded) => {
      // A change announced while the row was read may have made it stale: use it, but do not keep it.
      const caller = generation === this.cache.generation ? this.cache.add(key, loaded) : loaded;
      return this.admitCaller(caller, key, pinnedChannel, ip);
    });
  }

  private admitCaller(
    caller: RelayCaller | null,
    key: string,
    pinnedChannel: number | undefined,
    ip: string,
  ): AdmittedCaller {
    if (!caller) throw relayError(401, 'token.invalid');
    const { token, user } = caller;
    const now = this.ctx.now();
    if (token.status === TokenStatus.Exhausted) throw relayError(401, 'token.exhausted');
    if (token.status === TokenStatus.Expired || (token.expiredTime !== -1 && token.expiredTime < now)) {
      throw relayError(401, 'token.expired');
    }
    if (token.status !== TokenStatus.Enabled) throw relayError(401, 'token.unavailable');
    if (!token.unlimited && token.remainQuota <= 0) throw relayError(401, 'token.exhausted');
    if (user.status !== UserStatus.Enabled) throw relayError(403, 'auth.userBanned');
    if (token.allowIps && !ipAllowed(token.allowIps, ip)) throw relayError(403, 'token.ipNotAllowed');
    if (pinnedChannel !== undefined && user.role < Role.Admin)
      throw relayError(403, 'token.channelPinForbidden');
    const admitted: AdmittedCaller = { token, user, key };
    if (pinnedChannel !== undefined) admitted.pinnedChannel = pinnedChannel;
    return admitted;
  }
}
