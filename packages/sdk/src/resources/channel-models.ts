import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { CatalogueModelSchema, type CatalogueModel } from '../schemas/channel.js';
import { NameListSchema } from '../schemas/responses.js';
import { ApiResource } from './resource.js';

// Re-exported for existing imports; the schema lives in schemas/channel.ts.
export { CatalogueModelSchema, type CatalogueModel } from '../schemas/channel.js';

const CatalogueSchema = z.array(CatalogueModelSchema).nullable();

/** Routes of `client.channels.models` (admin). */
export const CHANNEL_MODEL_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/channel/models',
    summary: 'The built-in model catalogue',
    auth: 'admin',
    response: CatalogueSchema,
  },
  enabled: {
    method: 'GET',
    path: '/api/channel/models_enabled',
    summary: 'Models of enabled channel abilities',
    auth: 'admin',
    response: NameListSchema,
  },
});

const R = CHANNEL_MODEL_ROUTES;

/** Model catalogues for the channel editor (`client.channels.models`). */
export class ChannelModelsResource extends ApiResource {
  /** Lists the built-in catalogue (every model the server's adaptors know). */
  async list(options?: RequestOptions): Promise<CatalogueModel[]> {
    return (await this.fetch(R.list, CatalogueSchema, { options })) ?? [];
  }

  /** Lists the distinct model names of enabled channel abilities. */
  async enabled(options?: RequestOptions): Promise<string[]> {
    return (await this.fetch(R.enabled, NameListSchema, { options })) ?? [];
  }
}
