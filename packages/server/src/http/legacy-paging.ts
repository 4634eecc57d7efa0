import { pageRequest, type PageRequest } from './paging.js';

/**
 * new-api 0.4.8 numbers pages differently per endpoint (contract §2.2). The rule we accept, without ambiguity:
 * - `p` always keeps the endpoint's 0.4.8 base: 0-based on channels, tokens, Midjourney and tasks, 1-based on
 *   users, logs and redemptions (which is also newer new-api's 1-based `p` there);
 * - `page` is always 1-based and wins over `p` (our SDK sends both, so either server reads the page it meant);
 * - the size is `page_size` or `size` (tokens' 0.4.8 name), 10 by default, at most 100.
 * Newer new-api's 1-based `p` on the 0-based endpoints cannot be told apart from 0.4.8's, so there `p` stays
 * 0-based: the console of 0.4.8 is the client we must not break.
 */
export function zeroBasedPageRequest(query: unknown): PageRequest {
  const q = { ...((query ?? {}) as Record<string, unknown>) };
  const given = (v: unknown) => v !== undefined && v !== '';
  if (!given(q['page']) && given(q['p'])) {
    const p = Number(q['p']);
    // A non-number is left for pageRequest to refuse in the caller's language.
    q['page'] = Number.isFinite(p) && Number.isInteger(p) ? String(Math.max(0, p) + 1) : q['p'];
  }
  delete q['p'];
  return pageRequest(q);
}

/** Searches new-api answers unpaged (channel and token search); a bound keeps one answer finite. */
export const UNPAGED_SEARCH_LIMIT = 1000;

/** new-api's log search returns at most 100 rows. */
export const LOG_SEARCH_LIMIT = 100;

/** The page an unpaged search reads: the first `limit` matches. */
export const unpaged = (limit: number): PageRequest => ({ page: 1, pageSize: limit, offset: 0 });
