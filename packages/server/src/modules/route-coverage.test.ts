import { routeKey, SDK_ROUTES } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../http/api-route.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * The `/api` routes registered by hand rather than from an SDK descriptor (apiRoute), and why. Anything else
 * on `/api` must come from a descriptor, so its path, auth level and rate-limit flags are declared once.
 */
const BY_HAND: Record<string, string> = {
  // The OpenAPI document of the descriptors, not a call of its own.
  'GET /api/openapi.json': 'document',
  // Epay's notification: the payment provider calls it, not clients (openapi/provider-callbacks.ts lists it).
  'GET /api/user/epay/notify': 'callback',
  'POST /api/user/epay/notify': 'callback',
  // Described by channels.testAll, test, fetchModels, fetchModelsByParams, updateAllBalances and
  // updateBalance, but registered in relay/channel-ops.routes.ts, which issue 23's relay restructuring
  // moves to modules/channels: convert them there.
  'GET /api/channel/test': 'relay',
  'GET /api/channel/test/:id': 'relay',
  'GET /api/channel/fetch_models/:id': 'relay',
  'POST /api/channel/fetch_models': 'relay',
  'GET /api/channel/update_balance': 'relay',
  'GET /api/channel/update_balance/:id': 'relay',
};

// Routes ignore a trailing slash, as gin's redirects do for new-api clients.
const unslashed = (path: string) => path.replace(/(.)\/$/, '$1');
const call = (method: string, path: string) => `${method} ${unslashed(path)}`;

describe('route coverage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const apiRoutes = () =>
    registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && /^\/api(\/|$)/.test(r.url));

  it('serves every call the SDK makes', () => {
    // With ignoreTrailingSlash the router keeps each path without its trailing slash.
    const missing = SDK_ROUTES.filter((r) => !t.app.hasRoute({ method: r.method, url: unslashed(r.path) }));
    expect(missing.map((r) => r.key)).toEqual([]);
  });

  it('answers every call with and without a trailing slash', async () => {
    const unrouted: string[] = [];
    for (const key of new Set(SDK_ROUTES.map((r) => call(r.method, r.path)))) {
      const [method, path] = key.split(' ') as ['GET', string];
      for (const url of [path, `${path}/`]) {
        // Without a login: login-only calls stop at the auth hook, public ones refuse the missing input;
        // an unrouted URL would answer 404 "Invalid URL".
        const res = await t.call({ method, url: url.replace(':id', '1') });
        if (res.statusCode === 404 && /Invalid URL/.test(res.body)) unrouted.push(`${method} ${url}`);
      }
    }
    expect(unrouted).toEqual([]);
  });

  it('registers every /api route from an SDK descriptor, or lists it above with its reason', () => {
    const byHand = apiRoutes()
      .filter((r) => !r.route)
      .map((r) => `${r.method} ${r.url}`);
    expect(byHand.sort()).toEqual(Object.keys(BY_HAND).sort());
  });

  it('registers each descriptor at its own method and path', () => {
    const wrong = apiRoutes()
      .filter((r) => r.route && (r.route.method !== r.method || r.route.path !== r.url))
      .map((r) => `${r.method} ${r.url} from ${routeKey(r.route!)}`);
    expect(wrong).toEqual([]);
  });

  it('gives the descriptors that share a call the same rate-limit and Turnstile flags', () => {
    const flags = new Map<string, string>();
    const disagree = SDK_ROUTES.filter((r) => {
      const key = call(r.method, r.path);
      const mine = `critical=${!!r.critical} turnstile=${!!r.turnstile}`;
      if (!flags.has(key)) flags.set(key, mine);
      return flags.get(key) !== mine;
    }).map((r) => r.sdkMethod);
    expect(disagree).toEqual([]);
  });
});
