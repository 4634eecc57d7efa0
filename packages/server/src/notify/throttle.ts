import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/query-helpers.js';

/**
 * Caps notifications per user and kind (reference §5.8): at most NOTIFY_LIMIT_COUNT (2) per hour bucket, the
 * count living NOTIFICATION_LIMIT_DURATION_MINUTE (10) minutes, under new-api's key
 * `notify_limit:{uid}:{type}:{YYYYMMDDHH}`. The server counts in the database (DbNotifyThrottle), so the cap holds
 * across nodes; the memory one serves tests that drive the clock.
 */
export interface NotifyThrottle {
  /** Counts one notification; false when the limit is reached and the notification should be dropped. */
  take(userId: number, kind: string): Promise<boolean>;
}

function envCount(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return process.env[name]?.trim() && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** `YYYYMMDDHH` in UTC. */
export function hourBucket(unixS: number): string {
  return new Date(unixS * 1000).toISOString().slice(0, 13).replace(/\D/g, '');
}

/** The per-node throttle, as new-api's memory fallback: a count restarts once its lifetime has passed. */
export class MemoryNotifyThrottle implements NotifyThrottle {
  private readonly counts = new Map<string, { count: number; since: number }>();

  constructor(
    /** Unix seconds. */
    private readonly now: () => number,
    private readonly limit = envCount('NOTIFY_LIMIT_COUNT', 2),
    private readonly lifetimeS = envCount('NOTIFICATION_LIMIT_DURATION_MINUTE', 10) * 60,
  ) {}

  async take(userId: number, kind: string): Promise<boolean> {
    const now = this.now();
    for (const [key, entry] of this.counts) {
      if (now - entry.since >= this.lifetimeS) this.counts.delete(key);
    }
    const key = `notify_limit:${userId}:${kind}:${hourBucket(now)}`;
    const entry = this.counts.get(key) ?? { count: 0, since: now };
    entry.count += 1;
    this.counts.set(key, entry);
    return entry.count <= this.limit;
  }
}

/**
 * The count shared by every node on one database. Each step is one conditional statement; two nodes counting
 * the same notification at the same moment may both send it, which a cap of a few per hour can bear.
 */
export class DbNotifyThrottle implements NotifyThrottle {
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    /** Unix seconds. */
    private readonly now: () => number,
    private readonly limit = envCount('NOTIFY_LIMIT_COUNT', 2),
    private readonly lifetimeS = envCount('NOTIFICATION_LIMIT_DURATION_MINUTE', 10) * 60,
  ) {}

  async take(userId: number, kind: string): Promise<boolean> {
    const now = this.now();
    const id = `notify_limit:${userId}:${kind}:${hourBucket(now)}`.slice(0, 128);
    if (now - this.sweptAt >= this.lifetimeS) {
      this.sweptAt = now;
      await this.db
        .deleteFrom('notify_counts')
        .where('since', '<=', now - this.lifetimeS)
        .execute();
    }
    const bumped = await this.db
      .updateTable('notify_counts')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('id', '=', id)
      .where('since', '>', now - this.lifetimeS)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) === 0) {
      const restarted = await this.db
        .updateTable('notify_counts')
        .set({ count: 1, since: now })
        .where('id', '=', id)
        .where('since', '<=', now - this.lifetimeS)
        .executeTakeFirst();
      if (Number(restarted.numUpdatedRows) > 0) return this.limit >= 1;
      try {
        await this.db.insertInto('notify_counts').values({ id, count: 1, since: now }).execute();
        return this.limit >= 1;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Another node counted the first one a moment ago: count this one on top.
        return this.take(userId, kind);
      }
    }
    const row = await this.db
      .selectFrom('notify_counts')
      .select('count')
      .where('id', '=', id)
      .executeTakeFirst();
    return (row?.count ?? 0) <= this.limit;
  }
}
