import type { Log, LogListParams, LogsResource, RequestOptions } from '@switchboard/sdk';
import { CliError } from '../../core/errors.js';

/** One page of the filtered logs, newest first: `page` is 1-based, `pageSize` at most 100. */
export type LogPageFetcher = (params: LogListParams & { page: number; pageSize: number }) => Promise<Log[]>;

/** Pages of every user's logs, or with `self` of the caller's own. */
export function logPages(logs: LogsResource, self: boolean | undefined, req: RequestOptions): LogPageFetcher {
  return async (params) => (await (self ? logs.listSelf(params, req) : logs.list(params, req))).items;
}

/** Page size of every walk: the most both servers answer (new-api caps its self list at 100, ours every list). */
export const WALK_PAGE_SIZE = 100;

/**
 * Every log of the filter, newest first, one page of new rows at a time, with paging that stays cheap at any
 * depth and uses only what new-api 0.4.8 accepts. Offsets (`p`) make the server skip every row before the
 * page, so walking a million rows costs a quadratic number of row reads; here each page asks again from the
 * top with `end_timestamp` set to the second the previous page stopped at, and skips the rows of that second
 * it has already yielded. A second holding more rows than a page is walked with `p` inside that second only.
 *
 * Rows are recognised by position, not id, because `/api/log/self` answers ids modulo 1024. Positions are
 * exact wherever the order is `created_at desc, id desc` (ours), and on new-api (`id desc`) as long as a row
 * never has a later id and an earlier `created_at` than another, which holds while the server stamps
 * `created_at` when it writes the row.
 */
export async function* walkLogs(
  fetchPage: LogPageFetcher,
  params: LogListParams,
  pageSize = WALK_PAGE_SIZE,
): AsyncGenerator<Log[], void, undefined> {
  // No end of our own on the first page: the local clock may lag the server's and would hide its newest rows.
  let end = params.end_timestamp === undefined ? undefined : Number(params.end_timestamp);
  // Rows of second `end` already yielded; they come first in every page asked with this `end`.
  let skip = 0;
  for (;;) {
    const items = await fetchPage({
      ...params,
      ...(end === undefined ? {} : { end_timestamp: end }),
      page: Math.floor(skip / pageSize) + 1,
      pageSize,
    });
    // A server that ignores end_timestamp would hand back the same rows for ever.
    if (end !== undefined && items.some((l) => l.created_at > end!))
      throw new CliError(
        'The server ignored end_timestamp in a log list; cannot page through its logs safely',
      );
    const fresh = items.slice(skip % pageSize);
    if (fresh.length > 0) yield fresh;
    if (items.length < pageSize) return;
    const last = items[items.length - 1]!.created_at;
    if (last === end) {
      // The whole page sat in second `end` (more rows there than a page): the next page of that second.
      skip += fresh.length;
    } else {
      // The rows of second `last` at the end of this page are the first ones an `end_timestamp=last` page holds.
      end = last;
      skip = 0;
      for (let i = items.length - 1; i >= 0 && items[i]!.created_at === last; i--) skip++;
    }
  }
}

/** Collects a walk, up to `limit` rows. */
export async function take(walk: AsyncGenerator<Log[]>, limit = Infinity): Promise<Log[]> {
  const out: Log[] = [];
  for await (const page of walk) {
    out.push(...page.slice(0, limit - out.length));
    if (out.length >= limit) break;
  }
  return out;
}
