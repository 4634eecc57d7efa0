import type { HttpClient, RequestOptions } from '../core/http.js';
import type { PagePromise, PageParams } from '../core/pagination.js';
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
import { CountSchema, NameListSchema, RevealedKeySchema } from '../schemas/responses.js';
import { ChannelModelsResource } from './channel-models.js';
import {
  testChannels,
  type ChannelTestManyOptions,
  type ChannelTestOutcome,
  type ChannelTestTarget,
} from './channel-test-many.js';
import { ChannelTagsResource } from './channel-tags.js';
import { CHANNEL_ROUTES } from './channel-routes.js';
import { ApiResource } from './resource.js';

export { CHANNEL_ROUTES } from './channel-routes.js';

const R = CHANNEL_ROUTES;

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

  /** Reveals a channel's upstream key (root only; every other answer blanks it). */
  async revealKey(id: number, options?: RequestOptions): Promise<string> {
    const { key } = await this.fetch(R.revealKey, RevealedKeySchema, {
      pathParams: { id: this.check(IdSchema, id) },
      options,
    });
    return key;
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

  /**
   * Tests several channels from here, `concurrency` at a time (default 3), calling `onOutcome` as each
   * result lands; resolves to an outcome per channel tested, in the order given. A failed test call is a
   * failed outcome carrying its `error`. `options.signal` stops starting new tests (those under way finish);
   * a `requestOptions.signal` aborts those too and rejects with `UserAbortError`.
   *
   * @example
   * const all = await client.channels.list({ pageSize: 100 }).toArray({ limit: 1000 });
   * const outcomes = await client.channels.testMany(all, { onOutcome: (o) => console.log(o.channel.name) });
   */
  async testMany<C extends ChannelTestTarget>(
    channels: readonly C[],
    options?: ChannelTestManyOptions<C>,
    requestOptions?: RequestOptions,
  ): Promise<ChannelTestOutcome<C>[]> {
    return testChannels(this, channels, options, requestOptions);
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
    const models = await this.fetch(R.fetchModels, NameListSchema, {
      pathParams: { id: this.check(IdSchema, id) },
      options,
    });
    return models ?? [];
  }

  /** Lists an upstream's models before the channel exists, from its base URL, type and key. */
  async fetchModelsByParams(params: ChannelFetchModelsParams, options?: RequestOptions): Promise<string[]> {
    const body = this.check(ChannelFetchModelsParamsSchema, params);
    return (await this.fetch(R.fetchModelsByParams, NameListSchema, { body, options })) ?? [];
  }
}
