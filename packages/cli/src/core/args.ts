import type { PagePromise } from '@switchboard/sdk';
import { usageError } from './errors.js';

/** Parses a positive integer id argument. */
export function parseId(text: unknown, what = 'id'): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw usageError(`${what} must be a positive integer, got "${String(text)}"`);
  return n;
}

/** Parses a non-negative integer flag. */
export function parseCount(text: unknown, flag: string, min = 0): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw usageError(`${flag} must be an integer of at least ${min}, got "${String(text)}"`);
  return n;
}

/** `--limit` for list commands: how many items to collect across pages. */
export const LIMIT_OPTION = {
  flags: '-L, --limit <n>',
  description: 'most items to fetch (across pages)',
  default: '100',
};
export const ALL_OPTION = { flags: '--all', description: 'fetch every page (ignores --limit)' };

/** Collects a list across pages up to `--limit` (or everything with --all). */
export async function collect<T>(
  list: PagePromise<T>,
  opts: { limit?: unknown; all?: unknown },
): Promise<T[]> {
  const limit = opts.all ? Number.MAX_SAFE_INTEGER : parseCount(opts.limit ?? 100, '--limit', 1);
  return list.toArray({ limit });
}

/** Page size for list calls: big pages, fewer round trips. */
export function pageSize(opts: { limit?: unknown; all?: unknown }): number {
  return opts.all ? 100 : Math.min(100, Math.max(1, Number(opts.limit ?? 100)));
}
