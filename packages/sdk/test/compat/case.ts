import type { Client } from '../../src/client.js';
import type { RecordedRequest } from '../helpers/mock-fetch.js';

/**
 * One SDK method replayed against a body in new-api 0.4.8's exact shape. The runner checks that the
 * request hits the method's route, then `check` asserts what the caller gets back.
 */
export interface CompatCase {
  /** The SDK method, as in SDK_ROUTES (`channels.tags.enable`). */
  method: string;
  /** What new-api answers: a JSON body sent with HTTP 200, or a full Response. */
  reply: unknown;
  /** Calls the method. */
  call: (client: Client) => Promise<unknown>;
  /** The exact path and query sent (first request), when it matters. */
  path?: string;
  /** The exact JSON body sent (first request). */
  body?: unknown;
  /** Assertions on the result and the recorded requests. */
  check?: (result: unknown, calls: RecordedRequest[], client: Client) => void;
}
