import type { RouteDescriptor } from '../core/route.js';
import { CHANNEL_ROUTES } from './channel-routes.js';
import { DEFAULT_TEST_CONCURRENCY } from './channel-test-many.js';

/**
 * An SDK method that makes one route's call several times. The route tables hold one call per method (the
 * server's route check reads them), so these are listed apart, for api.md.
 */
export interface CompositeMethod {
  /** Where the method hangs on the client, as in `ROUTE_TABLES`. */
  resource: string;
  name: string;
  /** The call it repeats. */
  repeats: RouteDescriptor;
  summary: string;
  notes: string;
}

export const COMPOSITE_METHODS: readonly CompositeMethod[] = [
  {
    resource: 'channels',
    name: 'testMany',
    repeats: CHANNEL_ROUTES.test,
    summary: 'Test several channels from the client, reporting each outcome as it lands',
    notes: `one call per channel, \`concurrency\` (${DEFAULT_TEST_CONCURRENCY}) at a time`,
  },
];
