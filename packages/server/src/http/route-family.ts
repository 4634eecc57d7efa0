import type { FastifyRequest } from 'fastify';

/**
 * The router answers many spellings of one path: it collapses `//`, ignores a trailing slash, decodes `%61`
 * and takes absolute-form targets (`http://host/api/...`). Checks that go by path must therefore look at the
 * route a request matched, never at the raw URL; the URL only stands in when no route matched (a 404, or the
 * console's catch-all `/*`), where it is all there is.
 */
export function routePath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  return route === undefined || route === '/*' ? req.url : route;
}

/** Whether a request is for the management API (`/api/...`), however its path is spelt. */
export function isApiRequest(req: FastifyRequest): boolean {
  return routePath(req).startsWith('/api/');
}
