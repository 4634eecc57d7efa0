import type { RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  QuotaDataParamsSchema,
  QuotaDataSchema,
  type QuotaData,
  type QuotaDataParams,
} from '../schemas/log.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.data` (the data dashboard). */
export const USAGE_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/data/',
    summary: 'Usage per model and hour for a time window',
    auth: 'admin',
    paged: LIST_PAGING.usage,
    params: QuotaDataParamsSchema,
    response: QuotaDataSchema,
  },
  listSelf: {
    method: 'GET',
    path: '/api/data/self',
    summary: 'Own usage per model and hour (window ≤ 30 days)',
    auth: 'user',
    paged: LIST_PAGING.usage,
    params: QuotaDataParamsSchema,
    response: QuotaDataSchema,
  },
});

const R = USAGE_ROUTES;

/** Usage statistics of the data dashboard, per model and hour. */
export class UsageResource extends ApiResource {
  /**
   * Lists usage rows in the window; without `username` new-api sums all users per model and hour.
   * new-api answers the whole window as one page.
   */
  list(params: QuotaDataParams & PageParams, options?: RequestOptions): PagePromise<QuotaData> {
    return this.paginate(R.list, QuotaDataSchema, QuotaDataParamsSchema, params, options);
  }

  /** Lists own usage rows in the window (at most 30 days on new-api). */
  listSelf(params: QuotaDataParams & PageParams, options?: RequestOptions): PagePromise<QuotaData> {
    return this.paginate(R.listSelf, QuotaDataSchema, QuotaDataParamsSchema, params, options);
  }
}
