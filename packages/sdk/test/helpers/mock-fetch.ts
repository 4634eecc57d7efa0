/** A request as the injected fetch saw it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  /** Path plus query, e.g. `/api/channel/?p=0`. */
  path: string;
  headers: Headers;
  /** The JSON body, parsed; undefined without a body. */
  body: unknown;
  /** The abort signal fetch received. */
  signal: AbortSignal | undefined;
}

/** Answers one recorded request. */
export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A fake `fetch` that records every request and answers it with `handler`. */
export function mockFetch(handler: Handler): { fetch: typeof fetch; calls: RecordedRequest[] } {
  const calls: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      signal: init?.signal ?? undefined,
    };
    calls.push(request);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(request);
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

/**
 * A fake fetch driven by a route map: keys are `METHOD /path` (no query), values a body to send
 * as JSON with status 200, or a handler. Unknown routes answer new-api's 404 error body.
 */
export function routeFetch(routes: Record<string, unknown>): {
  fetch: typeof fetch;
  calls: RecordedRequest[];
} {
  return mockFetch((request) => {
    const answer = routes[`${request.method} ${request.url.pathname}`];
    if (answer === undefined) {
      const message = `Invalid URL (${request.method} ${request.url.pathname})`;
      return json({ error: { message, type: 'invalid_request_error', param: '', code: '' } }, 404);
    }
    return typeof answer === 'function' ? (answer as Handler)(request) : json(answer);
  });
}

/** A JSON response, as new-api sends it (with its request-id header). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-oneapi-request-id': 'req-1',
      ...headers,
    },
  });
}

/** The success envelope `{success: true, message: '', data}`; `data` is omitted when undefined. */
export function ok(data?: unknown, message = ''): Record<string, unknown> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/** A body with no content, like new-api's 429 and the hard user delete. */
export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}
