import { Client } from '@switchboard/sdk';

/** Answers one request as the server would (the envelope body); `undefined` means no such route. */
export type FakeRoute = (url: URL) => unknown;

/**
 * A real SDK client whose `fetch` answers in-process as the server does, so a component test goes
 * through the SDK's query building and envelope parsing and can assert on the exact requests sent.
 */
export function fakeApi(routes: Record<string, FakeRoute>): { client: Client; calls: URL[] } {
  const calls: URL[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    const route = routes[url.pathname];
    const body = route?.(url);
    if (body === undefined) return new Response('404 page not found', { status: 404 });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { client: new Client({ baseUrl: 'http://127.0.0.1:9', fetch }), calls };
}
