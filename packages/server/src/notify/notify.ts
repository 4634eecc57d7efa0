import { Role, translate, UserStatus } from '@switchboard/sdk';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';
import { sendMail } from './mailer.js';
import { contentValues, renderContent, type Notification } from './notification.js';
import { DbNotifyThrottle, type NotifyThrottle } from './throttle.js';
import { sendWebhook } from './webhook.js';

/** What became of a notification; tests read it, the relay ignores it. */
export type NotifyOutcome = 'sent' | 'throttled' | 'no-recipient' | 'failed';

/** The stored user setting (self.service `updateSetting`), read tolerantly: old rows may hold anything. */
export interface NotifySetting {
  notify_type?: string;
  quota_warning_threshold?: number;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
}

export function parseNotifySetting(text: string | null | undefined): NotifySetting {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? (value as NotifySetting) : {};
  } catch {
    return {};
  }
}

const throttles = new WeakMap<AppContext, NotifyThrottle>();

/** The app's throttle: the database's, so the cap holds on every node, unless a test installed another. */
export function notifyThrottle(ctx: AppContext, replace?: NotifyThrottle): NotifyThrottle {
  let throttle = replace ?? throttles.get(ctx);
  if (!throttle) throttle = new DbNotifyThrottle(ctx.db, () => ctx.now());
  throttles.set(ctx, throttle);
  return throttle;
}

/** One log line: an AppError carries a catalogue key, shown in English like the other server logs. */
const errorText = (err: unknown) =>
  err instanceof AppError ? translate(err.key, 'en', err.params) : (err as Error).message;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function deliver(ctx: AppContext, userId: number, n: Notification): Promise<NotifyOutcome> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'setting'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return 'no-recipient';
  const setting = parseNotifySetting(user.setting);
  const webhook = setting.notify_type === 'webhook';
  const to = webhook ? str(setting.webhook_url) : str(setting.notification_email) || str(user.email);
  if (!to) return 'no-recipient';
  if (!(await notifyThrottle(ctx).take(userId, n.throttleKey ?? n.type))) return 'throttled';
  if (webhook) {
    const values = contentValues(n);
    await sendWebhook(
      ctx,
      { url: to, secret: str(setting.webhook_secret) },
      {
        type: n.type,
        title: n.title,
        content: renderContent(n, false),
        ...(values.length > 0 ? { values } : {}),
        timestamp: ctx.now(),
      },
    );
  } else {
    await sendMail(ctx, { to, subject: n.title, html: renderContent(n, true) });
  }
  return 'sent';
}

/**
 * Notifies one user by their setting: mail (the default) to `notification_email` or the account email, or a
 * webhook. Throttled per user and kind. Never throws: it runs fire-and-forget from the relay, so a failure is
 * logged and swallowed.
 */
export async function notifyUser(ctx: AppContext, userId: number, n: Notification): Promise<NotifyOutcome> {
  try {
    return await deliver(ctx, userId, n);
  } catch (err) {
    console.error(`switchboard: ${n.type} notification to user ${userId} failed: ${errorText(err)}`);
    return 'failed';
  }
}

/** Notifies every enabled root user (new-api's NotifyRootUser). Never throws. */
export async function notifyRoot(ctx: AppContext, n: Notification): Promise<NotifyOutcome[]> {
  try {
    const roots = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', Role.Root)
      .where('status', '=', UserStatus.Enabled)
      .where('deleted_at', 'is', null)
      .execute();
    return await Promise.all(roots.map((r) => notifyUser(ctx, r.id, n)));
  } catch (err) {
    console.error(`switchboard: ${n.type} notification to root failed: ${errorText(err)}`);
    return [];
  }
}
