import type { Db } from '../../db/database.js';

export type LeaseKind = 'u' | 't';

/** How long a slice lives without being renewed: a node that dies holds its slices this long at most. */
export const LEASE_TTL_S = 60;
/** How often a node renews its slices and hands back the ones it has not needed for a while. */
const RENEW_MS = 10_000;
/** A slice unused (nothing held against it) this long goes back. */
const IDLE_MS = 10_000;
/**
 * A balance this many times the amount asked for is "far above what is in flight": the node takes a quarter of
 * what is free, so thousands of requests pass without another database trip. Below it the node takes only what it
 * needs and hands back what it does not use as soon as its requests settle, so that the other nodes can use it.
 */
const ROOMY = 16;
/**
 * A node stops admitting against a slice this long before it could have expired, measured from its last renewal
 * on this node's clock: the other nodes judge expiry on theirs.
 */
const MARGIN_MS = 15_000;

interface Lease {
  /** What this node may still charge without asking: the slice less what it has charged since. */
  left: number;
  /** Taken with no room to spare: handed back as soon as nothing holds it. */
  tight: boolean;
  /** Clock ms it was last grown or charged. */
  usedAt: number;
  /** Clock ms it was last taken or renewed in the database. */
  renewedAt: number;
  /** Grows and hand-backs of one slice run one at a time. */
  busy: Promise<unknown>;
  /**
   * A grow waiting for the one under way: later asks join it (at the largest need) instead of queueing a
   * transaction each, so many requests waiting for room cost one transaction at a time, not one each.
   */
  queued?: { need: number; run: Promise<void> } | undefined;
}

/**
 * This node's slices of what callers may spend (balances here, budgets in budget-leases.ts). This node's slices of users' and limited tokens' balances (table `balance_leases`), when several nodes share
 * one database. A node admits requests against its own slices only, so the slices of all nodes together never
 * exceed a balance and no two nodes can spend the same quota; a caller whose balance is far above what is in
 * flight costs no database trip per request. Taking a slice is one transaction: the owner's row is locked, the
 * live slices of the other nodes are summed, and this node's row grows by at most what is left. Charges
 * lower the slice in memory at once and in the database in the same transaction that writes the settlement
 * (write-settlements.ts), so a slice and the balance always move together. A slice lives `LEASE_TTL_S`
 * unless renewed: the slices of a node that died go back to the others after that, never sooner.
 */
export abstract class SliceBook {
  private readonly leases = new Map<string, Lease>();
  private timer: NodeJS.Timeout | undefined;
  /** Clock ms of the last renewal of all of this node's slices. */
  private renewedAt = 0;
  /**
   * Renewal came too late once (the database was away): slices taken before this may have expired for the other
   * nodes, and are not spent again until a transaction confirms them (`take` counts them as this node's).
   */
  private lostBefore = 0;

  constructor(
    readonly node: string,
    /** What requests in flight hold against a slice. */
    private readonly held: (key: string) => number,
    protected readonly clock: () => number = Date.now,
  ) {}

  /**
   * Whether asks arriving while a grow waits join it. Budgets' slices do (a request budget's waiters would
   * otherwise queue a transaction each); balances' do not: each waiter's grow runs after the hand-backs before
   * it, and with joins the short-stream case of issue 24 served 7-12 of 50 instead of 20.
   */
  protected readonly joinGrows: boolean = false;

  /** One transaction: the owner locked, what the other nodes hold summed, this node's slice grown. */
  protected abstract take(key: string, short: number): Promise<{ granted: number; tight: boolean }>;
  /** Lowers this node's slice in the database by `spare`. */
  protected abstract giveBack(key: string, spare: number): Promise<void>;
  /** Moves the expiry of this node's live slices to `expires` (unix seconds). */
  protected abstract renewRows(nowS: number, expires: number): Promise<void>;
  /** Deletes every slice of this node. */
  protected abstract clearRows(): Promise<void>;

  /**
   * Drops what an earlier run of this node left in the table (its journal has been replayed by now, so every
   * charge against those slices is written), then renews and hands back idle slices every few seconds.
   */
  async start(): Promise<void> {
    await this.clearRows();
    this.renewedAt = this.clock();
    this.timer = setInterval(() => void this.maintain(), RENEW_MS);
    this.timer.unref();
  }

  /** What this node may still charge `id` against its slice (requests already admitted settle against this). */
  leftOf(key: string): number {
    return this.leases.get(key)?.left ?? 0;
  }

  /** What new requests may be admitted against: nothing once the slice may have expired for the others. */
  spendableOf(key: string): number {
    const lease = this.leases.get(key);
    if (!lease || lease.renewedAt < this.lostBefore) return 0;
    const alive = Math.max(lease.renewedAt, this.renewedAt) + LEASE_TTL_S * 1000 - MARGIN_MS > this.clock();
    return alive ? lease.left : 0;
  }

  /** A charge of `delta` against this node's slice (negative gives back). */
  chargedTo(key: string, delta: number): void {
    const lease = this.leases.get(key);
    if (!lease) return;
    lease.left -= delta;
    lease.usedAt = this.clock();
  }

  /** Grows the slice so that `need` more is free on this node, as far as the balance allows. */
  growKey(key: string, need: number): Promise<void> {
    const lease = this.lease(key);
    const queued = lease.queued;
    if (queued && this.joinGrows) {
      queued.need = Math.max(queued.need, need);
      return queued.run;
    }
    const ask = { need, run: Promise.resolve() };
    const run = lease.busy.then(async () => {
      if (lease.queued === ask) lease.queued = undefined;
      const short = ask.need - (this.spendableOf(key) - this.held(key));
      if (short <= 0) return;
      const { granted, tight } = await this.take(key, short);
      lease.left += granted;
      lease.tight = tight;
      lease.usedAt = this.clock();
      // The row's expiry moved only if it grew; then all of it (an older part included) is live again.
      if (granted > 0) lease.renewedAt = lease.usedAt;
    });
    ask.run = run;
    lease.queued = ask;
    lease.busy = run.catch(() => undefined);
    return run;
  }

  /**
   * A management write has just lowered or removed these balances and ended every node's slices of them in the
   * database: nothing more is admitted against this node's until a new slice is taken. Requests already
   * admitted settle against what they hold.
   */
  revokedKeys(keys: Iterable<string>): void {
    for (const key of keys) {
      const lease = this.leases.get(key);
      if (!lease) continue;
      lease.renewedAt = -1;
      lease.left = Math.min(lease.left, this.held(key));
    }
  }

  /** The keys of this node's slices, for revoking all of one owner's. */
  keys(): IterableIterator<string> {
    return this.leases.keys();
  }

  /** Hands back what nothing holds of a tight slice, once its requests have settled. */
  settledKey(key: string): void {
    const lease = this.leases.get(key);
    if (lease?.tight) void this.handBack(key, lease).catch(() => undefined);
  }

  private lease(key: string): Lease {
    let lease = this.leases.get(key);
    if (!lease) {
      lease = { left: 0, tight: true, usedAt: this.clock(), renewedAt: 0, busy: Promise.resolve() };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /** Gives back what nothing holds: in memory at once (so it is never spent here again), then in the database. */
  private handBack(key: string, lease: Lease): Promise<void> {
    const run = lease.busy.then(async () => {
      const spare = lease.left - this.held(key);
      if (spare <= 0) return;
      lease.left -= spare;
      await this.giveBack(key, spare);
    });
    lease.busy = run.catch(() => undefined);
    return run;
  }

  /** Renews this node's slices and hands back the idle ones. */
  async maintain(): Promise<void> {
    const now = this.clock();
    try {
      if (now - this.renewedAt >= LEASE_TTL_S * 1000 - MARGIN_MS) this.lostBefore = now;
      // Only live rows: one already expired may be counted as free by another node by now.
      await this.renewRows(Math.floor(now / 1000), Math.floor(now / 1000) + LEASE_TTL_S);
      this.renewedAt = now;
      for (const [key, lease] of this.leases) {
        if (now - lease.usedAt >= IDLE_MS && this.held(key) === 0) {
          await this.handBack(key, lease);
          if (lease.left === 0) this.leases.delete(key);
        }
      }
    } catch (err) {
      console.warn('switchboard: renewing balance leases failed:', (err as Error).message);
    }
  }

  /**
   * At shutdown, once every request has settled and every settlement is written: this node's slices go back
   * to the others at once instead of after `LEASE_TTL_S`.
   */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.leases.clear();
    await this.clearRows();
  }
}

/** This node's slices of users' (`u`) and limited tokens' (`t`) balances, in table `balance_leases`. */
export class LeaseBook extends SliceBook {
  constructor(
    private readonly db: Db,
    node: string,
    held: (kind: LeaseKind, id: number) => number,
    clock: () => number = Date.now,
  ) {
    super(node, (key) => held(key[0] as LeaseKind, Number(key.slice(1))), clock);
  }

  left(kind: LeaseKind, id: number): number {
    return this.leftOf(kind + id);
  }

  spendable(kind: LeaseKind, id: number): number {
    return this.spendableOf(kind + id);
  }

  charged(kind: LeaseKind, id: number, delta: number): void {
    this.chargedTo(kind + id, delta);
  }

  grow(kind: LeaseKind, id: number, need: number): Promise<void> {
    return this.growKey(kind + id, need);
  }

  revoked(kind: LeaseKind, ids: readonly number[]): void {
    this.revokedKeys(ids.map((id) => kind + id));
  }

  settled(kind: LeaseKind, id: number): void {
    this.settledKey(kind + id);
  }

  /** One transaction: the owner's row locked, the other nodes' live slices summed, this node's slice grown. */
  protected take(key: string, short: number): Promise<{ granted: number; tight: boolean }> {
    const kind = key[0] as LeaseKind;
    const id = Number(key.slice(1));
    const now = Math.floor(this.clock() / 1000);
    return this.db.transaction().execute(async (trx) => {
      const balance =
        kind === 'u'
          ? (
              await trx
                .selectFrom('users')
                .select('quota as b')
                .where('id', '=', id)
                .forUpdate()
                .executeTakeFirst()
            )?.b
          : (
              await trx
                .selectFrom('tokens')
                .select('remain_quota as b')
                .where('id', '=', id)
                .forUpdate()
                .executeTakeFirst()
            )?.b;
      const rows = await trx
        .selectFrom('balance_leases')
        .select(['node', 'amount', 'expires_at'])
        .where('kind', '=', kind)
        .where('owner_id', '=', id)
        .execute();
      let others = 0;
      let mine: number | undefined;
      for (const r of rows) {
        if (r.node === this.node) mine = Number(r.amount);
        else if (Number(r.expires_at) > now) others += Math.max(0, Number(r.amount));
      }
      const free = Number(balance ?? 0) - others - (mine ?? 0);
      if (free <= 0) return { granted: 0, tight: true };
      const roomy = free >= ROOMY * short;
      const granted = Math.min(free, roomy ? short + Math.floor((free - short) / 4) : short);
      const expires = now + LEASE_TTL_S;
      if (mine === undefined)
        await trx
          .insertInto('balance_leases')
          .values({ kind, owner_id: id, node: this.node, amount: granted, expires_at: expires })
          .execute();
      else
        await trx
          .updateTable('balance_leases')
          .set((eb) => ({ amount: eb('amount', '+', granted), expires_at: expires }))
          .where('kind', '=', kind)
          .where('owner_id', '=', id)
          .where('node', '=', this.node)
          .execute();
      return { granted, tight: !roomy };
    });
  }

  protected async giveBack(key: string, spare: number): Promise<void> {
    await this.db
      .updateTable('balance_leases')
      .set((eb) => ({ amount: eb('amount', '-', spare) }))
      .where('kind', '=', key[0] as LeaseKind)
      .where('owner_id', '=', Number(key.slice(1)))
      .where('node', '=', this.node)
      .execute();
  }

  protected async renewRows(nowS: number, expires: number): Promise<void> {
    // Only live rows: one already expired may be counted as free by another node by now.
    await this.db
      .updateTable('balance_leases')
      .set({ expires_at: expires })
      .where('node', '=', this.node)
      .where('expires_at', '>', nowS)
      .execute();
  }

  protected async clearRows(): Promise<void> {
    await this.db.deleteFrom('balance_leases').where('node', '=', this.node).execute();
  }
}
