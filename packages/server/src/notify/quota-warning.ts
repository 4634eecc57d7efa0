import type { AppContext } from '../context.js';
import { quotaWarning } from './notification.js';
import { notifyUser, parseNotifySetting } from './notify.js';

/** Null: the user set no threshold, so the `QuotaRemindThreshold` option applies (read at check time). */
type Threshold = number | null;

/** Users whose threshold is remembered at most; past it the memory starts over. */
const MAX_USERS = 10_000;

/**
 * The quota warning of reference §5.8, sent when a settlement takes a balance from at or above the threshold
 * to below it — once per crossing rather than per request, as new-api does, with the throttle behind it. The
 * relay calls this on every settlement, so the user's own threshold is read from the database once and then
 * remembered until a management write (which may change the setting) clears the memory.
 */
class QuotaWarning {
  private readonly thresholds = new Map<number, Threshold | Promise<Threshold>>();
  /** Bumped on every clear, so a read started before a change does not store a stale value. */
  private generation = 0;

  constructor(private readonly ctx: AppContext) {
    const clear = () => {
      this.thresholds.clear();
      this.generation += 1;
    };
    ctx.events.on('users', clear);
    ctx.events.on('tokens', clear);
  }

  check(userId: number, before: number, after: number): void {
    if (after >= before) return;
    const known = this.thresholds.get(userId);
    if (known === undefined || known instanceof Promise) {
      // A failed read was logged by load(); no warning beats one against the wrong threshold.
      (known ?? this.load(userId)).then((t) => this.compare(userId, t, before, after)).catch(() => undefined);
    } else {
      this.compare(userId, known, before, after);
    }
  }

  private compare(userId: number, own: Threshold, before: number, after: number): void {
    const threshold = own ?? this.ctx.options.number('QuotaRemindThreshold');
    if (before >= threshold && after < threshold)
      void notifyUser(this.ctx, userId, quotaWarning(this.ctx, after));
  }

  private load(userId: number): Promise<Threshold> {
    const generation = this.generation;
    if (this.thresholds.size >= MAX_USERS) this.thresholds.clear();
    const read = this.ctx.db
      .selectFrom('users')
      .select('setting')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => {
        const t = Number(parseNotifySetting(row?.setting).quota_warning_threshold);
        const threshold = Number.isFinite(t) && t > 0 ? t : null;
        if (generation === this.generation) this.thresholds.set(userId, threshold);
        return threshold;
      })
      .catch((err: unknown) => {
        if (this.thresholds.get(userId) === read) this.thresholds.delete(userId);
        console.error(
          `switchboard: reading the quota warning threshold of user ${userId} failed: ${(err as Error).message}`,
        );
        throw err;
      });
    this.thresholds.set(userId, read);
    return read;
  }
}

const instances = new WeakMap<AppContext, QuotaWarning>();

/**
 * Called by the ledger after a settlement changed the cached balance from `before` to `after`. Cheap and
 * synchronous; any reading and sending happens in the background and never fails the caller.
 */
export function warnOnQuotaCrossing(ctx: AppContext, userId: number, before: number, after: number): void {
  let instance = instances.get(ctx);
  if (!instance) {
    instance = new QuotaWarning(ctx);
    instances.set(ctx, instance);
  }
  instance.check(userId, before, after);
}
