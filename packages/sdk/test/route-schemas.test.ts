import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SDK_ROUTES, type SdkRoute } from '../src/resources/routes.js';
import { ACCOUNT_CASES } from './compat/cases-accounts.js';
import { ADMIN_CASES } from './compat/cases-admin.js';
import { CHANNEL_CASES } from './compat/cases-channels.js';
import { USAGE_CASES } from './compat/cases-usage.js';
import { clientWith } from './helpers/client.js';
import { json } from './helpers/mock-fetch.js';

/**
 * The route descriptors' `body`, `params` and `response` schemas feed the server's OpenAPI document,
 * so they must describe what each SDK method really sends. The compat cases drive every method once;
 * this file checks the recorded requests against the descriptors.
 */
const CASES = [...ACCOUNT_CASES, ...CHANNEL_CASES, ...ADMIN_CASES, ...USAGE_CASES];
const ROUTES = new Map(SDK_ROUTES.map((route) => [route.sdkMethod, route]));
const PAGING_KEYS = new Set(['p', 'page', 'page_size', 'size']);

function inputKeys(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return Object.keys((json as { properties?: Record<string, unknown> }).properties ?? {});
}

function routeOf(method: string): SdkRoute {
  const route = ROUTES.get(method);
  if (!route) throw new Error(`${method} is not in SDK_ROUTES`);
  return route;
}

describe('route descriptor schemas', () => {
  it('gives every route a response schema, or null when the answer carries no data', () => {
    const missing = SDK_ROUTES.filter((route) => route.response === undefined).map((r) => r.sdkMethod);
    expect(missing).toEqual([]);
  });

  it('converts every schema to JSON Schema', () => {
    for (const route of SDK_ROUTES) {
      for (const schema of [route.body, route.params, route.response]) {
        if (!schema) continue;
        expect(() => z.toJSONSchema(schema, { unrepresentable: 'any' }), route.sdkMethod).not.toThrow();
      }
    }
  });

  it('never gives a GET route a body schema', () => {
    for (const route of SDK_ROUTES.filter((r) => r.method === 'GET'))
      expect(route.body, route.sdkMethod).toBeUndefined();
  });

  it.each(CASES.map((kase) => [kase.method, kase] as const))(
    '%s: the request matches its body and params schemas',
    async (method, kase) => {
      const route = routeOf(method);
      const { reply } = kase;
      const { client, calls } = clientWith(() => (reply instanceof Response ? reply.clone() : json(reply)), {
        accessToken: 'access-token',
        userId: 1,
      });
      await kase.call(client);
      const first = calls[0];
      if (!first) throw new Error('no request was sent');

      if (first.body === undefined) expect(route.body, 'a body schema without a body').toBeUndefined();
      else {
        expect(route.body, 'a body without a body schema').toBeDefined();
        expect(inputKeys(route.body!)).toEqual(expect.arrayContaining(Object.keys(first.body as object)));
      }

      const fixed = new Set(Object.keys(route.query ?? {}));
      const sent = [...first.url.searchParams.keys()].filter((k) => !PAGING_KEYS.has(k) && !fixed.has(k));
      if (sent.length > 0) {
        expect(route.params, 'query parameters without a params schema').toBeDefined();
        expect(inputKeys(route.params!)).toEqual(expect.arrayContaining(sent));
      }
    },
  );
});
