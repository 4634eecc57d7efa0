/**
 * Display formatting of money, large counts and timestamps. Language-neutral: units that need translating
 * are left to the caller.
 */
import { decimalToFixed, toDecimal, toFixedExact } from './decimal.js';

// `from` is where each unit starts; k starts at 10000 so four-digit counts stay exact.
const UNITS = [
  { suffix: 'B', places: 9, from: 1e9 },
  { suffix: 'M', places: 6, from: 1e6 },
  { suffix: 'k', places: 3, from: 1e4 },
] as const;

/** Dollars with a fixed number of decimals, rounded half away from zero: `formatUsd(1.005)` is '$1.01', `-0.5` is '-$0.50'. */
export function formatUsd(usd: number, digits = 2): string {
  const text = toFixedExact(usd, digits);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Compact count for tables: below 10000 the number itself (at most 2 decimals), then k (thousands, from
 * 10000), M (from 1e6) and B (from 1e9) with at most 2 decimals and no trailing zeros.
 * `9999` → '9999', `10000` → '10k', `1234567` → '1.23M', `2e9` → '2B'; a value that would round up to 1000 of
 * a unit moves to the next one (`999999` → '1M').
 */
export function abbreviateNumber(n: number): string {
  const value = toDecimal(n);
  for (const [index, unit] of UNITS.entries()) {
    if (Math.abs(n) < unit.from) continue;
    const text = decimalToFixed({ coefficient: value.coefficient, scale: value.scale + unit.places }, 2);
    const larger = UNITS[index - 1];
    // Below the next unit's start a count can only round up to exactly 1000 of this unit.
    if (larger && Math.abs(Number(text)) >= 1000) return `${n < 0 ? '-' : ''}1${larger.suffix}`;
    return `${trimZeros(text)}${unit.suffix}`;
  }
  return trimZeros(toFixedExact(n, 2));
}

function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Unix seconds as local 'yyyy-MM-dd HH:mm:ss', the console's date format (token expiry, logs). */
export function formatTimestamp(seconds: number): string {
  const d = new Date(seconds * 1000);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
