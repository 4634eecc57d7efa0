import type { RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  LogClearParamsSchema,
  LogListParamsSchema,
  LogSchema,
  LogSearchParamsSchema,
  LogStatParamsSchema,
  LogStatSchema,
  TokenLogParamsSchema,
  type Log,
  type LogListParams,
  type LogSearchParams,
  type LogStat,
  type LogStatParams,
} from '../schemas/log.js';
import { CountSchema } from '../schemas/responses.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.logs`. */
export const LOG_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/log/',
    summary: 'List every user’s logs with filters',
    auth: 'admin',
    paged: LIST_PAGING.logs,
    params: LogListParamsSchema,
    response: LogSchema,
  },
  listSelf: {
    method: 'GET',
    path: '/api/log/self',
    summary: 'List own logs with filters',
    auth: 'user',
    paged: LIST_PAGING.logsSelf,
    params: LogListParamsSchema,
    response: LogSchema,
  },
  search: {
    method: 'GET',
    path: '/api/log/search',
    summary: 'Search all logs by type or content (at most 100)',
    auth: 'admin',
    paged: LIST_PAGING.logSearch,
    params: LogSearchParamsSchema,
    response: LogSchema,
  },
  searchSelf: {
    method: 'GET',
    path: '/api/log/self/search',
    summary: 'Search own logs by type',
    auth: 'user',
    paged: LIST_PAGING.logSearch,
    params: LogSearchParamsSchema,
    response: LogSchema,
  },
  listByToken: {
    method: 'GET',
    path: '/api/log/token',
    summary: 'Every log of one API key (no login; CORS enabled)',
    auth: 'none',
    paged: LIST_PAGING.tokenLogs,
    params: TokenLogParamsSchema,
    response: LogSchema,
  },
  stat: {
    method: 'GET',
    path: '/api/log/stat',
    summary: 'Quota used by the filter; rpm and tpm of the last minute',
    auth: 'admin',
    params: LogStatParamsSchema,
    response: LogStatSchema,
  },
  statSelf: {
    method: 'GET',
    path: '/api/log/self/stat',
    summary: 'Own quota used; rpm and tpm of the last minute',
    auth: 'user',
    params: LogStatParamsSchema,
    response: LogStatSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/log/',
    summary: 'Delete logs older than a time; returns the count',
    auth: 'admin',
    params: LogClearParamsSchema,
    response: CountSchema,
  },
});

const R = LOG_ROUTES;

/** Usage logs: consumption, top-ups, admin and system entries. */
export class LogsResource extends ApiResource {
  /** Lists every user's logs, newest first, with channel and admin details. */
  list(params?: LogListParams, options?: RequestOptions): PagePromise<Log> {
    return this.paginate(R.list, LogSchema, LogListParamsSchema, params, options);
  }

  /** Lists own logs (new-api hides channel names and shows ids modulo 1024). */
  listSelf(params?: LogListParams, options?: RequestOptions): PagePromise<Log> {
    return this.paginate(R.listSelf, LogSchema, LogListParamsSchema, params, options);
  }

  /** Searches every user's logs: the keyword matches the type or the start of the content. */
  search(params?: LogSearchParams & PageParams, options?: RequestOptions): PagePromise<Log> {
    return this.paginate(R.search, LogSchema, LogSearchParamsSchema, params, options);
  }

  /** Searches own logs by type. */
  searchSelf(params?: LogSearchParams & PageParams, options?: RequestOptions): PagePromise<Log> {
    return this.paginate(R.searchSelf, LogSchema, LogSearchParamsSchema, params, options);
  }

  /**
   * Lists every log of one API key without logging in, as key-lookup tools do; `key` is the full
   * `sk-…` key. new-api answers all rows at once.
   */
  listByToken(params: { key: string } & PageParams, options?: RequestOptions): PagePromise<Log> {
    return this.paginate(R.listByToken, LogSchema, TokenLogParamsSchema, params, options);
  }

  /** Sums consumed quota over the filters; `rpm` and `tpm` only cover the last 60 seconds. */
  async stat(params: LogStatParams = {}, options?: RequestOptions): Promise<LogStat> {
    return this.fetch(R.stat, LogStatSchema, { query: this.check(LogStatParamsSchema, params), options });
  }

  /** Like `stat`, for own logs. */
  async statSelf(params: LogStatParams = {}, options?: RequestOptions): Promise<LogStat> {
    return this.fetch(R.statSelf, LogStatSchema, { query: this.check(LogStatParamsSchema, params), options });
  }

  /** Deletes every log created before `beforeTimestamp` (unix seconds); resolves to the number deleted. */
  async delete(beforeTimestamp: number, options?: RequestOptions): Promise<number> {
    const query = this.check(LogClearParamsSchema, { target_timestamp: beforeTimestamp });
    return this.fetch(R.delete, CountSchema, { query, options });
  }
}
