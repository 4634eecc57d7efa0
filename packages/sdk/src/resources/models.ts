import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { ModelsByChannelTypeSchema, type ModelsByChannelType } from '../schemas/channel.js';
import { ApiResource } from './resource.js';

/** Routes of `client.models`. */
export const MODEL_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/models',
    summary: 'Built-in model names by channel type',
    auth: 'user',
    response: ModelsByChannelTypeSchema,
  },
});

const R = MODEL_ROUTES;

/** Built-in models per channel type, for the channel editor (the console caches this locally). */
export class ModelsResource extends ApiResource {
  /** Maps each channel type number (as a string) to its adaptor's model names. */
  async list(options?: RequestOptions): Promise<ModelsByChannelType> {
    return this.fetch(R.list, ModelsByChannelTypeSchema, { options });
  }
}
