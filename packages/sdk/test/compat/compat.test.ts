import { describe, expect, it } from 'vitest';
import { SDK_ROUTES } from '../../src/resources/routes.js';
import { clientWith } from '../helpers/client.js';
import { json } from '../helpers/mock-fetch.js';
import { ACCOUNT_CASES } from './cases-accounts.js';
import { ADMIN_CASES } from './cases-admin.js';
import { CHANNEL_CASES } from './cases-channels.js';
import { USAGE_CASES } from './cases-usage.js';

const CASES = [...ACCOUNT_CASES, ...CHANNEL_CASES, ...ADMIN_CASES, ...USAGE_CASES];
const ROUTES = new Map(SDK_ROUTES.map((route) => [route.sdkMethod, route]));

function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
}

describe('compatibility with new-api 0.4.8 response shapes', () => {
  it('replays a case for every SDK method, once each', () => {
    const methods = CASES.map((kase) => kase.method);
    expect(new Set(methods).size).toBe(methods.length);
    expect([...methods].sort()).toEqual([...ROUTES.keys()].sort());
  });

  it.each(CASES.map((kase) => [kase.method, kase] as const))('%s', async (method, kase) => {
    const route = ROUTES.get(method);
    if (!route) throw new Error(`${method} is not in SDK_ROUTES`);
    const { reply } = kase;
    const { client, calls } = clientWith(() => (reply instanceof Response ? reply.clone() : json(reply)), {
      accessToken: 'access-token',
      userId: 1,
    });
    const result = await kase.call(client);
    const first = calls[0];
    if (!first) throw new Error('no request was sent');
    expect(first.method).toBe(route.method);
    expect(first.url.pathname).toMatch(pathPattern(route.path));
    for (const [key, value] of Object.entries(route.query ?? {}))
      expect(first.url.searchParams.get(key)).toBe(value);
    if (kase.path !== undefined) expect(first.path).toBe(kase.path);
    if (kase.body !== undefined) expect(first.body).toEqual(kase.body);
    expect(first.headers.get('new-api-user')).toBe('1');
    expect(first.headers.get('authorization')).toBe('access-token');
    kase.check?.(result, calls, client);
  });
});
