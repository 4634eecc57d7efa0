import type { RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  QuotaDataParamsSchema,
  QuotaDataSchema,
  type QuotaData,
  type QuotaDataParams,
} from '../schemas/log.js';
import {
  ChannelUsageSchema,
  UsageRankParamsSchema,
  UserUsageSchema,
  type ChannelUsage,
  type UsageRankParams,
  type UserUsage,
} from '../schemas/usage.js';
import { z } from 'zod';
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
  byUser: {
    method: 'GET',
    path: '/api/data/users',
    summary: 'Top users by quota consumed in a window (Switchboard)',
    auth: 'admin',
    params: UsageRankParamsSchema,
    response: z.array(UserUsageSchema),
  },
  byChannel: {
    method: 'GET',
    path: '/api/data/channels',
    summary: 'Top channels by quota consumed in a window (Switchboard)',
    auth: 'admin',
    params: UsageRankParamsSchema,
    response: z.array(ChannelUsageSchema),
  },
});

const R = USAGE_ROUTES;
const UserUsageListSchema = z.array(UserUsageSchema).nullable();
const ChannelUsageListSchema = z.array(ChannelUsageSchema).nullable();

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

  /**
   * Ranks users by the quota they consumed in the window, most first (at most 100). Switchboard only:
   * new-api 0.4.8 answers this path with its not-found page.
   */
  async byUser(params: UsageRankParams, options?: RequestOptions): Promise<UserUsage[]> {
    const query = this.check(UsageRankParamsSchema, params);
    return (await this.fetch(R.byUser, UserUsageListSchema, { query, options })) ?? [];
  }

  /** Ranks channels by the quota their consumption logs add up to in the window, most first (at most 100). Switchboard only. */
  async byChannel(params: UsageRankParams, options?: RequestOptions): Promise<ChannelUsage[]> {
    const query = this.check(UsageRankParamsSchema, params);
    return (await this.fetch(R.byChannel, ChannelUsageListSchema, { query, options })) ?? [];
  }
}
