import { MESSAGES, QUOTA_PER_UNIT, renderQuota, translate, type MessageKey } from '@switchboard/sdk';
import type { AppContext } from '../context.js';

/** new-api's dto.Notify: what happened, rendered to a mail or a webhook body. */
export interface Notification {
  /** `quota_exceed`, `channel_update`, …: the webhook's `type`. */
  type: string;
  /** Plain text: the mail subject and the webhook's `title`. */
  title: string;
  /** The catalogue text of the body; it may hold HTML (`<br/>`, a link), as new-api's does. */
  content: MessageKey;
  /** Fills the `{name}` placeholders of `content`. */
  params: Readonly<Record<string, string | number>>;
  /** What the throttle counts under; `type` unless set. */
  throttleKey?: string;
}

/** Recipients have no language setting; Chinese is the fallback language, and new-api's. */
const LANG = 'zh';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The body; for mail the values are HTML-escaped, since an upstream's error text lands in them. */
export function renderContent(n: Notification, html: boolean): string {
  if (!html) return translate(n.content, LANG, n.params);
  const escaped = Object.fromEntries(Object.entries(n.params).map(([k, v]) => [k, escapeHtml(String(v))]));
  return translate(n.content, LANG, escaped);
}

/** The placeholder values in the order they appear, as new-api's webhook `values` array. */
export function contentValues(n: Notification): (string | number)[] {
  const template: string = MESSAGES[n.content][LANG];
  return [...template.matchAll(/\{(\w+)\}/g)].flatMap((m) => (m[1]! in n.params ? [n.params[m[1]!]!] : []));
}

/** `ServerAddress` without its trailing slash; new-api's in-memory default when unset. */
function serverAddress(ctx: AppContext): string {
  return (
    ctx.options.get('ServerAddress').trim().replace(/\/+$/, '') ||
    `http://localhost:${ctx.config.port || 3000}`
  );
}

/** Reference §5.8: the balance fell below the user's warning threshold. */
export function quotaWarning(ctx: AppContext, remaining: number): Notification {
  const o = ctx.options;
  const title = translate('notify.quotaWarningTitle', LANG);
  const quota = renderQuota(remaining, {
    displayInCurrency: o.bool('DisplayInCurrencyEnabled'),
    quotaPerUnit: o.number('QuotaPerUnit') || QUOTA_PER_UNIT,
    digits: 6,
  });
  return {
    type: 'quota_exceed',
    title,
    content: 'notify.quotaWarningContent',
    params: { title, quota, link: `${serverAddress(ctx)}/topup` },
  };
}

/**
 * Reference §5.4: a channel was disabled automatically. Counted per channel (new-api's
 * `channel_update_{id}_{status}`), so several channels failing in one hour all reach root.
 */
export function channelDisabled(id: number, name: string, reason: string): Notification {
  return {
    type: 'channel_update',
    title: translate('notify.channelDisabledTitle', LANG, { name, id }),
    content: 'notify.channelDisabledContent',
    params: { name, id, reason },
    throttleKey: `channel_update_${id}_3`,
  };
}
