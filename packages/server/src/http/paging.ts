import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@switchboard/sdk';
import { badRequest } from './errors.js';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface PageBody<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

type Query = Record<string, unknown>;

/** The last page any table could reach: its offset stays a safe integer every database accepts. */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / PAGE_SIZE_MAX);

function intParam(query: Query, names: string[]): number | undefined {
  for (const name of names) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n))
      throw badRequest(name === 'p' || name === 'page' ? 'list.invalidPage' : 'list.invalidPageSize');
    return n;
  }
  return undefined;
}

/**
 * Every list: 1-based `p` (alias `page`, which wins when both are sent: the SDK sends `page` beside new-api's
 * per-endpoint `p`), `page_size` (alias `size`) defaulting to 10 and capped at 100.
 */
export function pageRequest(query: unknown): PageRequest {
  const q = (query ?? {}) as Query;
  // A page past every row is an empty page, whatever its number (2^63, 1e308), not a database error.
  const page = Math.min(MAX_PAGE, Math.max(1, intParam(q, ['page', 'p']) ?? 1));
  const requested = intParam(q, ['page_size', 'size']) ?? PAGE_SIZE_DEFAULT;
  const pageSize = requested < 1 ? PAGE_SIZE_DEFAULT : Math.min(requested, PAGE_SIZE_MAX);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function pageBody<T>(req: PageRequest, items: T[], total: number): PageBody<T> {
  return { items, total, page: req.page, page_size: req.pageSize };
}
