import { z } from 'zod';
import type { HttpClient, RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
import { defineRoutes } from '../core/route.js';
import {
  ChannelBatchDeleteParamsSchema,
  ChannelBatchTagParamsSchema,
  ChannelCreateParamsSchema,
  ChannelFetchModelsParamsSchema,
  ChannelListParamsSchema,
  ChannelPriorityUpdateParamsSchema,
  ChannelSearchParamsSchema,
  ChannelStatusUpdateParamsSchema,
  ChannelTestParamsSchema,
  ChannelUpdateParamsSchema,
  ChannelWeightUpdateParamsSchema,
  type ChannelBatchDeleteParams,
  type ChannelBatchTagParams,
  type ChannelCreateParams,
  type ChannelFetchModelsParams,
  type ChannelListParams,
  type ChannelSearchParams,
  type ChannelStatusUpdateParams,
  type ChannelTestParams,
  type ChannelUpdateParams,
} from '../schemas/channel-params.js';
import {
  ChannelBalanceResultSchema,
  ChannelSchema,
  ChannelTestResultSchema,
  type Channel,
  type ChannelTestResult,
} from '../schemas/channel.js';
import { IdSchema } from '../schemas/common.js';
import { ChannelModelsResource } from './channel-models.js';
import { ChannelTagsResource } from './channel-tags.js';
import { LIST_PAGING } from './list-paging.js';
import { ApiResource } from './resource.js';

/** Routes of `client.channels` (admin). */
export const CHANNEL_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/channel/',
    summary: 'List channels (or tags with tag_mode)',
    auth: 'admin',
    paged: LIST_PAGING.channels,
  },
  search: {
    method: 'GET',
    path: '/api/channel/search',
    summary: 'Search channels by keyword, group and model',
    auth: 'admin',
    paged: LIST_PAGING.channelSearch,
  },
  get: { method: 'GET', path: '/api/channel/:id', summary: 'Get a channel (key blanked)', auth: 'admin' },
  create: {
    method: 'POST',
    path: '/api/channel/',
    summary: 'Create a channel, or one per key line in batch mode',
    auth: 'admin',
  },
  update: {
    method: 'PUT',
    path: '/api/channel/',
    summary: 'Update the given fields of a channel',
    auth: 'admin',
  },
  updateStatus: {
    method: 'PUT',
    path: '/api/channel/',
    summary: 'Enable or disable a channel',
    auth: 'admin',
  },
  updatePriority: {
    method: 'PUT',
    path: '/api/channel/',
    summary: 'Set a channel’s priority',
    auth: 'admin',
  },
  updateWeight: { method: 'PUT', path: '/api/channel/', summary: 'Set a channel’s weight', auth: 'admin' },
  delete: { method: 'DELETE', path: '/api/channel/:id', summary: 'Delete a channel', auth: 'admin' },
  deleteMany: {
    method: 'POST',
    path: '/api/channel/batch',
    summary: 'Delete several channels; returns the count',
    auth: 'admin',
  },
  deleteDisabled: {
    method: 'DELETE',
    path: '/api/channel/disabled',
    summary: 'Delete every disabled channel; returns the count',
    auth: 'admin',
  },
  setTag: {
    method: 'POST',
    path: '/api/channel/batch/tag',
    summary: 'Tag several channels; returns the count',
    auth: 'admin',
  },
  fix: {
    method: 'POST',
    path: '/api/channel/fix',
    summary: 'Rebuild channel abilities; returns the count',
    auth: 'admin',
  },
  test: {
    method: 'GET',
    path: '/api/channel/test/:id',
    summary: 'Test a channel; returns the latency',
    auth: 'admin',
    envelope: 'top-level',
  },
  testAll: {
    method: 'GET',
    path: '/api/channel/test',
    summary: 'Start testing every channel in the background',
    auth: 'admin',
  },
  updateBalance: {
    method: 'GET',
    path: '/api/channel/update_balance/:id',
    summary: 'Refresh a channel’s upstream balance',
    auth: 'admin',
    envelope: 'top-level',
  },
  updateAllBalances: {
    method: 'GET',
    path: '/api/channel/update_balance',
    summary: 'Refresh every balance (disables empty channels)',
    auth: 'admin',
  },
  fetchModels: {
    method: 'GET',
    path: '/api/channel/fetch_models/:id',
    summary: 'List the upstream models of a channel',
    auth: 'admin',
  },
  fetchModelsByParams: {
    method: 'POST',
    path: '/api/channel/fetch_models',
    summary: 'List an upstream’s models from base URL, type and key',
    auth: 'admin',
  },
});

const R = CHANNEL_ROUTES;
const CountSchema = z.number();
const ModelNamesSchema = z.array(z.string()).nullable();

/** Upstream provider channels (admin). */
export class ChannelsResource extends ApiResource {
  /** Enable, disable or edit every channel of a tag. */
  readonly tags: ChannelTagsResource;
  /** Model catalogues: built-in and enabled models. */
  readonly models: ChannelModelsResource;

  constructor(http: HttpClient) {
    super(http);
    this.tags = new ChannelTagsResource(http);
    this.models = new ChannelModelsResource(http);
  }

  /** Lists channels by priority (or id with `id_sort`); `for await` walks every page. Keys come back blank. */
  list(params?: ChannelListParams, options?: RequestOptions): PagePromise<Channel> {
    return this.paginate(R.list, ChannelSchema, ChannelListParamsSchema, params, options);
  }

  /** Searches channels: keyword matches id, name or the exact key; `group` and `model` narrow it. */
  search(params?: ChannelSearchParams & PageParams, options?: RequestOptions): PagePromise<Channel> {
    return this.paginate(R.search, ChannelSchema, ChannelSearchParamsSchema, params, options);
  }

  /** Gets a channel; its key is blank. */
  async get(id: number, options?: RequestOptions): Promise<Channel> {
    return this.fetch(R.get, ChannelSchema, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /** Creates a channel; with `mode: 'batch'` every line of `key` becomes its own channel. */
  async create(params: ChannelCreateParams, options?: RequestOptions): Promise<void> {
    await this.send(R.create, { body: this.check(ChannelCreateParamsSchema, params), options });
  }

  /** Updates the given fields (an empty key keeps the old one); resolves to the saved channel, key included. */
  async update(
    id: number,
    params: Omit<ChannelUpdateParams, 'id'>,
    options?: RequestOptions,
  ): Promise<Channel> {
    const body = this.check(ChannelUpdateParamsSchema, { ...params, id });
    return this.fetch(R.update, ChannelSchema, { body, options });
  }

  /** Enables (1) or disables (2) a channel. */
  async updateStatus(
    id: number,
    status: ChannelStatusUpdateParams['status'],
    options?: RequestOptions,
  ): Promise<Channel> {
    const body = this.check(ChannelStatusUpdateParamsSchema, { id, status });
    return this.fetch(R.updateStatus, ChannelSchema, { body, options });
  }

  /** Sets the priority (an integer of -999 or more); higher tiers are tried first. */
  async updatePriority(id: number, priority: number | string, options?: RequestOptions): Promise<Channel> {
    const body = this.check(ChannelPriorityUpdateParamsSchema, { id, priority });
    return this.fetch(R.updatePriority, ChannelSchema, { body, options });
  }

  /** Sets the weight within its priority tier (negative values are sent as 0). */
  async updateWeight(id: number, weight: number | string, options?: RequestOptions): Promise<Channel> {
    const body = this.check(ChannelWeightUpdateParamsSchema, { id, weight });
    return this.fetch(R.updateWeight, ChannelSchema, { body, options });
  }

  /** Deletes a channel and its abilities. */
  async delete(id: number, options?: RequestOptions): Promise<void> {
    await this.send(R.delete, { pathParams: { id: this.check(IdSchema, id) }, options });
  }

  /** Deletes the given channels; resolves to how many were deleted. */
  async deleteMany(params: ChannelBatchDeleteParams, options?: RequestOptions): Promise<number> {
    const body = this.check(ChannelBatchDeleteParamsSchema, params);
    return this.fetch(R.deleteMany, CountSchema, { body, options });
  }

  /** Deletes every manually or automatically disabled channel; resolves to the count. */
  async deleteDisabled(options?: RequestOptions): Promise<number> {
    return this.fetch(R.deleteDisabled, CountSchema, { options });
  }

  /** Sets `tag` on the given channels; resolves to the count. */
  async setTag(params: ChannelBatchTagParams, options?: RequestOptions): Promise<number> {
    return this.fetch(R.setTag, CountSchema, {
      body: this.check(ChannelBatchTagParamsSchema, params),
      options,
    });
  }

  /** Rebuilds the abilities table from the channels; resolves to the number of channels fixed. */
  async fix(options?: RequestOptions): Promise<number> {
    return this.fetch(R.fix, CountSchema, { options });
  }

  /** Sends a test request through a channel (with `model`, else its test model); `time` is in seconds. */
  async test(
    id: number,
    params: ChannelTestParams = {},
    options?: RequestOptions,
  ): Promise<ChannelTestResult> {
    const query = this.check(ChannelTestParamsSchema, params);
    return this.fetch(R.test, ChannelTestResultSchema, {
      pathParams: { id: this.check(IdSchema, id) },
      query,
      options,
    });
  }

  /** Starts testing every channel in the background (a second call while running fails). */
  async testAll(options?: RequestOptions): Promise<void> {
    await this.send(R.testAll, { options });
  }

  /** Queries the upstream for the channel's balance; resolves to the new balance in USD. */
  async updateBalance(id: number, options?: RequestOptions): Promise<number> {
    const result = await this.fetch(R.updateBalance, ChannelBalanceResultSchema, {
      pathParams: { id: this.check(IdSchema, id) },
      options,
    });
    return result.balance;
  }

  /** Refreshes every channel's balance; new-api disables enabled channels whose balance is 0 or less. */
  async updateAllBalances(options?: RequestOptions): Promise<void> {
    await this.send(R.updateAllBalances, { options });
  }

  /** Lists the models the channel's upstream offers (`{base}/v1/models`). */
  async fetchModels(id: number, options?: RequestOptions): Promise<string[]> {
    const models = await this.fetch(R.fetchModels, ModelNamesSchema, {
      pathParams: { id: this.check(IdSchema, id) },
      options,
    });
    return models ?? [];
  }

  /** Lists an upstream's models before the channel exists, from its base URL, type and key. */
  async fetchModelsByParams(params: ChannelFetchModelsParams, options?: RequestOptions): Promise<string[]> {
    const body = this.check(ChannelFetchModelsParamsSchema, params);
    return (await this.fetch(R.fetchModelsByParams, ModelNamesSchema, { body, options })) ?? [];
  }
}
