/**
 * Token expiry: the editor's shortcut buttons and its 'yyyy-MM-dd HH:mm:ss' text field (spec §5, §9).
 * `expired_time` is unix seconds, or -1 for never.
 */
import { TOKEN_NEVER_EXPIRES } from '../constants/limits.js';

/** Expiry shortcut ids, in the order the editor shows them. */
export type ExpiryShortcut = 'never' | 'hour' | 'day' | 'month';

/** The expiry shortcuts and how far ahead each one sets the expiry (0 = never). A month is 30 days. */
export const EXPIRY_SHORTCUTS: ReadonlyArray<{ readonly id: ExpiryShortcut; readonly seconds: number }> = [
  { id: 'never', seconds: 0 },
  { id: 'hour', seconds: 60 * 60 },
  { id: 'day', seconds: 24 * 60 * 60 },
  { id: 'month', seconds: 30 * 24 * 60 * 60 },
];

/** The `expired_time` a shortcut sets: whole unix seconds from `nowSeconds`, or -1 for never. */
export function expiryFromShortcut(shortcut: ExpiryShortcut, nowSeconds: number): number {
  const seconds = EXPIRY_SHORTCUTS.find((s) => s.id === shortcut)?.seconds ?? 0;
  return seconds === 0 ? TOKEN_NEVER_EXPIRES : Math.floor(nowSeconds) + seconds;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Reads the expiry field: '-1' (or -1) means never; otherwise a local 'yyyy-MM-dd HH:mm:ss' time, returned as
 * unix seconds. Null when the text is neither, or names a date that does not exist (2025-02-30): the caller
 * shows 'expiry time format error'.
 */
export function parseExpiry(value: string | number): number | null {
  const text = String(value).trim();
  if (text === String(TOKEN_NEVER_EXPIRES)) return TOKEN_NEVER_EXPIRES;
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1).map(Number);
  const daysInMonth = new Date(year, month, 0).getDate();
  const dateOk = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
  if (!dateOk || hour > 23 || minute > 59 || second > 59) return null;
  return Math.floor(new Date(year, month - 1, day, hour, minute, second).getTime() / 1000);
}
