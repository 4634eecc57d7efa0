import { formatTimestamp, renderQuota } from '@switchboard/sdk';

/** How the server wants quota shown (GET /api/status). */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** Masks a secret, keeping a short head and tail: `sk-abcd…wxyz`. */
export function mask(value: string): string {
  if (!value) return '';
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** Quota as the server displays it: currency or a raw count. */
export function quotaText(quota: number, display: QuotaDisplay | undefined): string {
  if (!display) return String(quota);
  return renderQuota(quota, display);
}

/** Unix seconds as local date-time; 0 and -1 read as never. */
export function timeText(seconds: number): string {
  if (!seconds || seconds < 0) return '-';
  return formatTimestamp(seconds);
}

/** A plain cell: objects as JSON, nullish as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Parses `24h`, `7d`, `30m`, `90s`, an ISO date or unix seconds into unix seconds. */
export function parseTime(text: string, now = Date.now()): number | undefined {
  const rel = /^(\d+)\s*([smhdw])$/i.exec(text.trim());
  if (rel) {
    const unit = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[rel[2]!.toLowerCase() as 's'];
    return Math.floor(now / 1000) - Number(rel[1]) * unit;
  }
  if (/^\d{9,11}$/.test(text.trim())) return Number(text);
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? undefined : Math.floor(parsed / 1000);
}

/** Code-point order, the same on every machine and locale (stable exports and diffs). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two-space JSON and a final newline: how swb prints JSON and writes JSON files alike. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
