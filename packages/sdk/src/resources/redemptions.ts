import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import { IdSchema, ListParamsSchema } from '../schemas/common.js';
import {
  RedemptionCreateParamsSchema,
  RedemptionSchema,
  RedemptionSearchParamsSchema,
  RedemptionStatusUpdateParamsSchema,
  RedemptionUpdateParamsSchema,
  type Redemption,
  type RedemptionCreateParams,
  type RedemptionSearchParams,
  type RedemptionStatusUpdateParams,
  type RedemptionUpdateParams,
} from '../schemas/redemption.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** The generated code keys; new-api sends `null` for none. */
const KeysSchema = z.array(z.string()).nullable();

/** Routes of `client.redemptions` (admin). */
export const REDEMPTION_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/redemption/',
    summary: 'List redemption codes',
    auth: 'admin',
    paged: LIST_PAGING.redemptions,
    params: ListParamsSchema,
    response: RedemptionSchema,
  },
  search: {
    method: 'GET',
    path: '/api/redemption/search',
    summary: 'Search codes by id or name prefix',
    auth: 'admin',
    paged: LIST_PAGING.redemptionSearch,
    params: RedemptionSearchParamsSchema,
    response: RedemptionSchema,
  },
  get: {
    method: 'GET',
    path: '/api/redemption/:id',
    summary: 'Get a redemption code',
    auth: 'admin',
    response: RedemptionSchema,
  },
  create: {
    method: 'POST',
    path: '/api/redemption/',
    summary: 'Create 1 to 100 codes; returns the keys',
    auth: 'admin',
    body: RedemptionCreateParamsSchema,
    response: KeysSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/redemption/',
    summary: 'Rename a code or change its quota',
    auth: 'admin',
    body: RedemptionUpdateParamsSchema,
    response: RedemptionSchema,
  },
  updateStatus: {
    method: 'PUT',
    path: '/api/redemption/',
    query: { status_only: 'true' },
    summary: 'Enable or disable a code',
    auth: 'admin',
    body: RedemptionStatusUpdateParamsSchema,
    response: RedemptionSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/redemption/:id',
    summary: 'Delete a redemption code',
    auth: 'admin',
    response: null,
  },
});

const R = REDEMPTION_ROUTES;

/** Redemption codes that credit quota when redeemed (admin). */
export class RedemptionsResource extends ApiResource {
  /** Lists redemption codes with their keys. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<Redemption> {
    return this.paginate(R.list, RedemptionSchema, ListParamsSchema, params, options);
  }

  /** Searches codes: a numeric keyword matches the id, otherwise the name prefix. */
  search(params?: RedemptionSearchParams, options?: RequestOptions): PagePromise<Redemption> {
    return this.paginate(R.search, RedemptionSchema, RedemptionSearchParamsSchema, params, options);
  }

  /** Gets a code. */
  async get(id: number, options?: RequestOptions): Promise<Redemption> {
    return this.fetch(R.get, RedemptionSchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /**
   * Creates `count` codes (1 to 100) worth `quota` each; resolves to the generated keys.
   * On a partial failure new-api answers success:false with the keys made so far in the error's `body.data`.
   */
  async create(params: RedemptionCreateParams, options?: RequestOptions): Promise<string[]> {
    const body = this.check(RedemptionCreateParamsSchema, params);
    return (await this.fetch(R.create, KeysSchema, { body, options })) ?? [];
  }

  /** Renames an unused code or changes its quota; resolves to the saved code. */
  async update(
    id: number,
    params: Omit<RedemptionUpdateParams, 'id'>,
    options?: RequestOptions,
  ): Promise<Redemption> {
    const body = this.check(RedemptionUpdateParamsSchema, { ...params, id });
    return this.fetch(R.update, RedemptionSchema, { body, options });
  }

  /** Enables (1, unused) or disables (2) a code; a used code cannot be enabled. */
  async updateStatus(
    id: number,
    status: RedemptionStatusUpdateParams['status'],
    options?: RequestOptions,
  ): Promise<Redemption> {
    const body = this.check(RedemptionStatusUpdateParamsSchema, { id, status });
    return this.fetch(R.updateStatus, RedemptionSchema, { body, options });
  }

  /** Deletes a code. */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.send(R.delete, { pathParams: { id: this.check(IdSchema, id) }, options });
  }
}
