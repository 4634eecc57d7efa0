/** A `fetch` as the SDK calls it. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A redirect that was not followed because it would hand the request to someone else, or in clear text. */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
// Headers describing a body, dropped with it when a redirect turns the request into a GET (as fetch does).
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** The next request of a redirect chain. */
interface Hop {
  url: URL;
  init: RequestInit;
}

/**
 * Where a redirect may take a request that carries credentials (`Authorization`, the session cookie,
 * `New-Api-User`, a password in the body): to the same origin, or from http to https on the same host
 * (a reverse proxy upgrading the connection; the plain-text request already showed them to that host and
 * anyone on the way, whatever the port). Anything else is refused
 * rather than followed without the credentials, which would only fail further on: https to http would
 * send them in clear text, another origin would receive them. 303, and 301/302 after a POST, continue
 * as a GET without the body, as fetch does.
 */
export function nextHop(from: URL, location: string, status: number, init: RequestInit): Hop {
  let to: URL;
  try {
    to = new URL(location, from);
  } catch {
    throw new RedirectRefusedError(`the server redirected to an invalid address: ${location}`);
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:')
    throw new RedirectRefusedError(
      `refused a redirect from ${from.origin} to ${to.protocol} (not http or https)`,
    );
  if (from.protocol === 'https:' && to.protocol === 'http:')
    throw new RedirectRefusedError(
      `refused a redirect from ${from.origin} to ${to.origin}: it would send the request unencrypted`,
    );
  const upgrade = from.protocol === 'http:' && to.protocol === 'https:' && to.hostname === from.hostname;
  if (to.origin !== from.origin && !upgrade)
    throw new RedirectRefusedError(
      `refused a redirect from ${from.origin} to ${to.origin}: another server would receive the credentials ` +
        `(use ${to.origin} as the server address if it is the right one)`,
    );
  const method = (init.method ?? 'GET').toUpperCase();
  const asGet = status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  if (!asGet) return { url: to, init };
  const headers = new Headers(init.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  return { url: to, init: { ...init, method: 'GET', body: null, headers } };
}

/**
 * Wraps a `fetch` that does not follow redirects itself (`redirect: 'manual'` on a server runtime, where
 * the 3xx and its Location are visible) into one that follows them by `nextHop`'s rules, up to 20.
 * `redirect: 'manual'` still answers the redirect, `redirect: 'error'` rejects. A refusal rejects as fetch
 * does, with a TypeError whose cause is a `RedirectRefusedError` saying why.
 */
export function followRedirects(fetchOnce: FetchLike): FetchLike {
  return async (input, init = {}) => {
    if (init.redirect === 'manual') return fetchOnce(input, init);
    if (input instanceof Request) {
      // Its headers and body live in the Request, which cannot be replayed here: redirects are refused.
      const response = await fetchOnce(input, { ...init, redirect: 'manual' });
      if (!isRedirect(response)) return response;
      await response.body?.cancel().catch(() => undefined);
      throw refused('a redirect of a Request object is not followed');
    }
    let url = new URL(input);
    let current: RequestInit = { ...init, redirect: 'manual' };
    for (let hops = 0; ; hops++) {
      const response = await fetchOnce(hops === 0 ? input : url, current);
      if (!isRedirect(response)) return response;
      await response.body?.cancel().catch(() => undefined);
      if (init.redirect === 'error') throw refused('the server answered a redirect');
      if (hops >= MAX_REDIRECTS) throw refused(`more than ${MAX_REDIRECTS} redirects`);
      let hop: Hop;
      try {
        hop = nextHop(url, response.headers.get('location')!, response.status, current);
      } catch (error) {
        throw new TypeError('fetch failed', { cause: error });
      }
      if (hop.init.body instanceof ReadableStream)
        throw refused('cannot resend a streamed request body after a redirect');
      url = hop.url;
      current = hop.init;
    }
  };
}

const isRedirect = (response: Response) =>
  REDIRECTS.has(response.status) && response.headers.get('location') !== null;

function refused(reason: string): TypeError {
  return new TypeError('fetch failed', { cause: new RedirectRefusedError(reason) });
}

/** True when `error` (or one of its causes) is a refused redirect: not worth retrying. */
export function isRefusedRedirect(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (e instanceof RedirectRefusedError) return true;
  return false;
}
