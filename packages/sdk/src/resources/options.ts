import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import {
  OptionBatchUpdateParamsSchema,
  OptionEntrySchema,
  OptionUpdateParamsSchema,
  parseOptions,
  serializeOptionValue,
  type OptionEntry,
} from '../schemas/option.js';
import type { ParsedOptions } from '../schemas/option-types.js';
import { ApiResource } from './resource.js';

/** Every option as a key/value string pair; new-api sends `null` for none. */
const OptionListSchema = z.array(OptionEntrySchema).nullable();

/** Routes of `client.options` (root). */
export const OPTION_ROUTES = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/option/',
    summary: 'List options (secrets excluded) as key/value strings',
    auth: 'root',
    response: OptionListSchema,
  },
  getMap: {
    method: 'GET',
    path: '/api/option/',
    summary: 'Options as a typed map (booleans, numbers, defaults)',
    auth: 'root',
    response: OptionListSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/option/',
    summary: 'Set one option',
    auth: 'root',
    body: OptionUpdateParamsSchema,
    response: null,
  },
  updateMany: {
    method: 'PUT',
    path: '/api/option/',
    summary: 'Set several options, one call each',
    auth: 'root',
    body: OptionUpdateParamsSchema,
    response: null,
  },
  resetModelRatio: {
    method: 'POST',
    path: '/api/option/rest_model_ratio',
    summary: 'Reset ModelRatio to the built-in defaults',
    auth: 'root',
    response: null,
  },
});

const R = OPTION_ROUTES;

/** A value for `update`: strings are sent as they are, booleans as 'true'/'false', objects as JSON. */
export type OptionValue = string | number | boolean | Record<string, unknown> | readonly unknown[];

/** System options (root only). */
export class OptionsResource extends ApiResource {
  /** Lists every option except keys ending in Token, Secret or Key; all values are strings. */
  async list(options?: RequestOptions): Promise<OptionEntry[]> {
    return (await this.fetch(R.list, OptionListSchema, { options })) ?? [];
  }

  /**
   * Gets the options as a typed map: `…Enabled` keys become booleans, numeric options numbers,
   * JSON and text stay strings; known keys the server did not send take their defaults.
   */
  async getMap(options?: RequestOptions): Promise<ParsedOptions> {
    const entries = await this.fetch(R.getMap, OptionListSchema, { options });
    return parseOptions(entries ?? []);
  }

  /** Sets one option after checking its value against the key's rule (JSON maps must parse, etc.). */
  async update(key: string, value: OptionValue, options?: RequestOptions): Promise<void> {
    const body = this.check(OptionUpdateParamsSchema, { key, value: serializeOptionValue(value) });
    await this.send(R.update, { body, options });
  }

  /**
   * Saves several options one by one, as the console does, stopping at the first failure.
   * An empty list is a `ValidationError` ('you seem to have changed nothing').
   */
  async updateMany(entries: readonly OptionEntry[], options?: RequestOptions): Promise<void> {
    for (const body of this.check(OptionBatchUpdateParamsSchema, entries))
      await this.send(R.updateMany, { body, options });
  }

  /** Resets ModelRatio to the built-in defaults. */
  async resetModelRatio(options?: RequestOptions): Promise<void> {
    await this.send(R.resetModelRatio, { options });
  }
}
