import type { Db } from '../db/database.js';
import type { AppEvents, ChangeKind } from '../events.js';
import type { OptionStore } from '../option-store.js';
import type { SharedRedis } from './redis.js';

const KINDS: readonly ChangeKind[] = ['channels', 'tokens', 'users', 'options'];
const DOORBELL = 'switchboard:changes';
/** Rows older than this have been read by every live node. */
const KEEP_S = 3600;
/**
 * Autoincrement ids can commit out of order under concurrent inserts (PostgreSQL sequences do); rows this
 * young are read again at the next poll rather than skipped for good.
 */
const SETTLE_S = 5;

/**
 * Makes every node's caches follow the changes made on any node. A change announced on this node's events is
 * written to `cluster_events`; every node reads the rows it has not seen and announces them locally (options are
 * reloaded first). Redis, when there, rings a doorbell so that the others read at once (well under a second);
 * without it, or while it is away, they read every `SYNC_FREQUENCY` seconds. The same period also reloads
 * options and channels and refreshes cached callers in full, as new-api's SYNC_FREQUENCY does, which makes up
 * for a change whose row was never written (a node dying between its commit and this write).
 */
export class ChangeFeed {
  private last = 0;
  private readonly seen = new Map<number, number>();
  private remote = false;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private syncedAt = 0;
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly events: AppEvents,
    private readonly options: OptionStore,
    private readonly node: string,
    private readonly syncMs: number,
    private readonly redis: SharedRedis | undefined,
    /** Unix seconds. */
    private readonly now: () => number,
  ) {}

  async start(): Promise<void> {
    const top = await this.db
      .selectFrom('cluster_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    this.last = Number(top?.id ?? 0);
    this.syncedAt = this.now();
    for (const kind of KINDS) {
      this.events.on(kind, (ids: readonly (number | string)[]) => {
        // One at a time, so the rows' ids keep the order the changes were made in.
        if (!this.remote) this.writing = this.writing.then(() => this.publish(kind, ids));
      });
    }
    if (this.redis) {
      await this.redis.subscribe(DOORBELL, () => this.read());
      this.redis.whenBack(() => this.read());
    }
    this.schedule();
  }

  /** Resolves once every change announced here so far is written for the others. */
  published(): Promise<void> {
    return this.writing;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      void this.tick().finally(() => {
        if (this.timer) this.schedule();
      });
    }, this.syncMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    await this.read();
    const now = this.now();
    if (now - this.syncedAt >= this.syncMs / 1000) {
      this.syncedAt = now;
      await this.apply('options', []);
      this.announce('channels', []);
      this.announce('tokens', []);
    }
    if (now - this.prunedAt >= 600) {
      this.prunedAt = now;
      await this.db
        .deleteFrom('cluster_events')
        .where('created_at', '<', now - KEEP_S)
        .execute();
    }
  }

  private async publish(kind: ChangeKind, ids: readonly (number | string)[]): Promise<void> {
    try {
      await this.db
        .insertInto('cluster_events')
        .values({ kind, ids: JSON.stringify(ids), origin: this.node, created_at: this.now() })
        .execute();
      this.redis?.publish(DOORBELL, this.node);
    } catch (err) {
      // The periodic full sync makes up for it on the other nodes.
      console.warn('switchboard: announcing a change to the other nodes failed:', (err as Error).message);
    }
  }

  /** Reads the changes not seen yet; a doorbell during a read makes one more read after it. */
  read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = this.readOnce()
      .catch((err: unknown) => console.warn('switchboard: reading changes failed:', (err as Error).message))
      .finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          void this.read();
        }
      });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('cluster_events')
      .select(['id', 'kind', 'ids', 'origin', 'created_at'])
      .where('id', '>', this.last)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const row of rows) {
      if (this.seen.has(row.id)) continue;
      this.seen.set(row.id, row.created_at);
      if (row.origin !== this.node && KINDS.includes(row.kind as ChangeKind))
        await this.apply(row.kind as ChangeKind, JSON.parse(row.ids) as never[]);
      if (row.created_at < now - SETTLE_S) this.last = Math.max(this.last, row.id);
    }
    for (const [id, at] of this.seen) if (at < now - 2 * SETTLE_S && id <= this.last) this.seen.delete(id);
  }

  private async apply(kind: ChangeKind, ids: readonly never[]): Promise<void> {
    if (kind === 'options') await this.options.reload();
    this.announce(kind, ids);
  }

  /** Tells this node's caches, without writing the change back to the feed. */
  private announce(kind: ChangeKind, ids: readonly never[]): void {
    this.remote = true;
    try {
      this.events.emit(kind, ids);
    } finally {
      this.remote = false;
    }
  }
}
