import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { PricingResponseSchema, type PricingResponse } from '../schemas/pricing.js';
import { ApiResource } from './resource.js';

/** Routes of `client.pricing`. */
export const PRICING_ROUTES = defineRoutes({
  get: {
    method: 'GET',
    path: '/api/pricing',
    summary: 'Public model prices, group ratios and usable groups',
    auth: 'none',
    envelope: 'top-level',
    response: PricingResponseSchema,
  },
});

const R = PRICING_ROUTES;

/** Public pricing (no login needed; a session adds the user's usable groups). */
export class PricingResource extends ApiResource {
  /** Gets every enabled model's pricing plus `group_ratio` and `usable_group` (top-level fields on new-api). */
  async get(options?: RequestOptions): Promise<PricingResponse> {
    return this.fetch(R.get, PricingResponseSchema, { options });
  }
}
