import type { AppContext } from '../context.js';
import { quotaWarning } from './notification.js';
import { notifyUser, parseNotifySetting } from './notify.js';

/** The user's own warning threshold from their setting JSON; null when unset (the option applies then). */
export function ownWarningThreshold(setting: string | null | undefined): number | null {
  const t = Number(parseNotifySetting(setting).quota_warning_threshold);
  return Number.isFinite(t) && t > 0 ? t : null;
}

/**
 * The quota warning of reference §5.8, sent when a settlement takes a balance from at or above the threshold
 * to below it — once per crossing rather than per request, with the throttle behind it. `own` comes with the
 * relay's cached user row (no read per settlement); null falls back to `QuotaRemindThreshold`, read now.
 * Synchronous and cheap; sending happens in the background and never fails the caller.
 */
export function warnOnQuotaCrossing(
  ctx: AppContext,
  userId: number,
  own: number | null,
  before: number,
  after: number,
): void {
  const threshold = own ?? ctx.options.number('QuotaRemindThreshold');
  if (before >= threshold && after < threshold) void notifyUser(ctx, userId, quotaWarning(ctx, after));
}
