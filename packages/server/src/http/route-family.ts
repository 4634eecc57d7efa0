import type { FastifyRequest } from 'fastify';

/**
 * The router answers many spellings of one path: it collapses `//`, ignores a trailing slash, decodes `%61`
 * and takes absolute-form targets (`http://host/api/...`). Checks that go by path must therefore look at the
 * route a request matched, never at the raw URL; the URL only stands in when no route matched (a 404, or the
 * console's catch-all `/*`), where it is all there is.
 */
export function routePath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  return route === undefined || route === '/*' ? canonicalPath(req.url) : route;
}

/**
 * The path part of a raw target, spelt as the router would read it: absolute form dropped, slashes collapsed,
 * letters, digits and `-._~` decoded (RFC 3986's unreserved set, whose escapes never change meaning). Used only
 * where no route matched, so that `//api/x` is still told apart from a console page.
 */
export function canonicalPath(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] ?? '';
  return path
    .replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
    })
    .replace(/\/{2,}/g, '/');
}

/** Whether a request is for the management API (`/api/...`), however its path is spelt. */
export function isApiRequest(req: FastifyRequest): boolean {
  return routePath(req).startsWith('/api/');
}
