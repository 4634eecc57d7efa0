import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import {
  ChannelTagEditParamsSchema,
  ChannelTagParamsSchema,
  type ChannelTagEditParams,
} from '../schemas/channel-params.js';
import { ApiResource } from './resource.js';

/** Routes of `client.channels.tags` (admin). */
export const CHANNEL_TAG_ROUTES = defineRoutes({
  enable: {
    method: 'POST',
    path: '/api/channel/tag/enabled',
    summary: 'Enable every channel of a tag',
    auth: 'admin',
    body: ChannelTagParamsSchema,
    response: null,
  },
  disable: {
    method: 'POST',
    path: '/api/channel/tag/disabled',
    summary: 'Disable every channel of a tag',
    auth: 'admin',
    body: ChannelTagParamsSchema,
    response: null,
  },
  update: {
    method: 'PUT',
    path: '/api/channel/tag',
    summary: 'Edit every channel of a tag; new_tag "" dissolves it',
    auth: 'admin',
    body: ChannelTagEditParamsSchema,
    response: null,
  },
});

const R = CHANNEL_TAG_ROUTES;

/** Channel tags: act on every channel sharing a tag (`client.channels.tags`). */
export class ChannelTagsResource extends ApiResource {
  /** Enables every channel of `tag`. */
  async enable(tag: string, options?: RequestOptions): Promise<void> {
    await this.send(R.enable, { body: this.check(ChannelTagParamsSchema, { tag }), options });
  }

  /** Disables every channel of `tag`. */
  async disable(tag: string, options?: RequestOptions): Promise<void> {
    await this.send(R.disable, { body: this.check(ChannelTagParamsSchema, { tag }), options });
  }

  /**
   * Overwrites fields of every channel of `tag`: empty fields mean no change, `new_tag: ''` removes the
   * tag; at least one change is required.
   */
  async update(
    tag: string,
    params: Omit<ChannelTagEditParams, 'tag'>,
    options?: RequestOptions,
  ): Promise<void> {
    await this.send(R.update, { body: this.check(ChannelTagEditParamsSchema, { ...params, tag }), options });
  }
}
