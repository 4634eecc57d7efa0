import { Client } from '../../src/client.js';
import type { ClientOptions } from '../../src/core/http.js';
import { mockFetch, routeFetch, type Handler } from './mock-fetch.js';

/** A client over a fake fetch answering with `handler`, strict about response shapes. */
export function clientWith(handler: Handler, options: Partial<ClientOptions> = {}) {
  const mock = mockFetch(handler);
  const client = new Client({
    baseUrl: 'http://new-api.test',
    fetch: mock.fetch,
    strictResponses: true,
    ...options,
  });
  return { client, calls: mock.calls };
}

/** A client over a route map (`METHOD /path` → body or handler), strict about response shapes. */
export function clientWithRoutes(routes: Record<string, unknown>, options: Partial<ClientOptions> = {}) {
  const mock = routeFetch(routes);
  const client = new Client({
    baseUrl: 'http://new-api.test',
    fetch: mock.fetch,
    strictResponses: true,
    ...options,
  });
  return { client, calls: mock.calls };
}

/** Looks up an SDK method by its dotted name (`channels.tags.enable`), bound to its resource. */
export function sdkMethod(client: Client, name: string): (...args: unknown[]) => unknown {
  const parts = name.split('.');
  const method = parts.pop()!;
  let target: unknown = client;
  for (const part of parts) target = (target as Record<string, unknown>)[part];
  const fn = (target as Record<string, unknown>)[method];
  if (typeof fn !== 'function') throw new Error(`No SDK method ${name}`);
  return (fn as (...args: unknown[]) => unknown).bind(target);
}
