import { QUOTA_PER_UNIT, renderQuota } from '@switchboard/sdk';
import { readJson, STORAGE_KEYS } from './storage';

interface QuotaDisplay {
  quota_per_unit?: number;
  display_in_currency?: boolean;
}

function display(): QuotaDisplay {
  return readJson<QuotaDisplay>(STORAGE_KEYS.status) ?? {};
}

/** Quota as the site shows it: USD with 2 decimals when display_in_currency, else the raw number. */
export function formatQuota(quota: number, digits = 2): string {
  const status = display();
  return renderQuota(quota, {
    quotaPerUnit: status.quota_per_unit ?? QUOTA_PER_UNIT,
    displayInCurrency: status.display_in_currency ?? true,
    digits,
  });
}

export function quotaPerUnit(): number {
  return display().quota_per_unit ?? QUOTA_PER_UNIT;
}

/** `yyyy-MM-dd HH:mm:ss` in local time. */
export function formatTime(seconds: number): string {
  if (!seconds) return '-';
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Value of a `datetime-local` input for unix seconds, and back. */
export function toDateTimeInput(seconds: number): string {
  return formatTime(seconds).replace(' ', 'T');
}

export function fromDateTimeInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
