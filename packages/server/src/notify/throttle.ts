/**
 * Caps notifications per user and kind (reference §5.8): at most NOTIFY_LIMIT_COUNT (2) per hour bucket, the
 * count living NOTIFICATION_LIMIT_DURATION_MINUTE (10) minutes. An interface so that a Redis implementation
 * (new-api's key `notify_limit:{uid}:{type}:{YYYYMMDDHH}`) can share the count between nodes.
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
