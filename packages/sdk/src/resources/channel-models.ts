import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { ApiResource } from './resource.js';

/**
 * One entry of the built-in model catalogue, an OpenAI model object. Only `id` is relied on;
 * other fields are kept as sent.
 */
export const CatalogueModelSchema = z.looseObject({
  /** Model name. */
  id: z.string(),
  /** Always `model`. */
  object: z.string().optional(),
  /** Unix seconds (a constant in new-api). */
  created: z.number().optional(),
  /** Owner, e.g. `openai`. */
  owned_by: z.string().optional(),
});
/** A built-in catalogue model. */
export type CatalogueModel = z.output<typeof CatalogueModelSchema>;

/** Routes of `client.channels.models` (admin). */
export const CHANNEL_MODEL_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/channel/models',
    summary: 'The built-in model catalogue',
    auth: 'admin',
  },
  enabled: {
    method: 'GET',
    path: '/api/channel/models_enabled',
    summary: 'Models of enabled channel abilities',
    auth: 'admin',
  },
});

const R = CHANNEL_MODEL_ROUTES;

/** Model catalogues for the channel editor (`client.channels.models`). */
export class ChannelModelsResource extends ApiResource {
  /** Lists the built-in catalogue (every model the server's adaptors know). */
  async list(options?: RequestOptions): Promise<CatalogueModel[]> {
    return (await this.fetch(R.list, z.array(CatalogueModelSchema).nullable(), { options })) ?? [];
  }

  /** Lists the distinct model names of enabled channel abilities. */
  async enabled(options?: RequestOptions): Promise<string[]> {
    return (await this.fetch(R.enabled, z.array(z.string()).nullable(), { options })) ?? [];
  }
}
