import type { FastifyInstance, FastifyRequest } from 'fastify';

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * A `fetch` that answers from this server in process, as the caller of `req`: its address (so rate limits
 * count it, not the server) and the headers the caller of fetch sets. Only the path and query of the URL are
 * used; nothing leaves the process.
 */
export function injectFetch(app: FastifyInstance, req: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(request?.headers).forEach((v, k) => (headers[k] = v));
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const payload = init?.body ?? (request ? await request.text() : undefined);
    const res = await app.inject({
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase() as InjectMethod,
      url: url.pathname + url.search,
      headers,
      remoteAddress: req.ip,
      ...(typeof payload === 'string' ? { payload } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) for (const item of v) out.append(k, item);
      else if (v !== undefined) out.set(k, String(v));
    }
    const status = res.statusCode;
    const body = status === 204 || status === 304 ? null : new Uint8Array(res.rawPayload);
    return new Response(body, { status, headers: out });
  };
}
