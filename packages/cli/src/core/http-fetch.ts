import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

/**
 * `fetch` over node:http for the SDK. Node's own fetch (undici) compiles its HTTP parser to WebAssembly on
 * first use, which took `swb`'s peak memory from ~70 MB to ~113 MB for a single call; this one answers the
 * same `Response`s for the requests the SDK makes (a string or URL, a string or byte body, abort signals,
 * redirects followed) and hands anything else to the global fetch.
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  const simpleBody =
    body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (!(typeof input === 'string' || input instanceof URL) || !simpleBody)
    return globalThis.fetch(input, init);
  return send(new URL(input), init, body ?? undefined, 0);
}

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
const MAX_REDIRECTS = 20;

function send(
  url: URL,
  init: RequestInit,
  body: string | Uint8Array | undefined,
  redirects: number,
): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const https = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => req.destroy(abortReason(signal!));
    const req = (https ? httpsRequest : httpRequest)(url, {
      method: init.method ?? 'GET',
      headers,
      agent: https ? agents.https : agents.http,
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      // Like fetch: aborts reject with the signal's reason, socket errors with a TypeError whose cause says why.
      reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: error }));
    });
    req.on('response', (res) => {
      const location = res.headers.location;
      if (location && isRedirect(res.statusCode) && init.redirect !== 'manual') {
        res.resume();
        signal?.removeEventListener('abort', onAbort);
        if (init.redirect === 'error' || redirects >= MAX_REDIRECTS)
          return reject(new TypeError('fetch failed', { cause: new Error('redirect') }));
        // 303, and 301/302 after a POST, continue as a GET without the body (as fetch does).
        const asGet =
          res.statusCode === 303 ||
          (res.statusCode !== 307 && res.statusCode !== 308 && init.method === 'POST');
        const next = asGet ? { ...init, method: 'GET', body: null } : init;
        return resolve(send(new URL(location, url), next, asGet ? undefined : body, redirects + 1));
      }
      // The signal still aborts the reading of a streamed body, as with fetch.
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      if (isEventStream(res))
        return resolve(toResponse(res, Readable.toWeb(res) as ReadableStream<Uint8Array>));
      // Everything else is read whole first: a web stream per small JSON answer costs more than the answer.
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) =>
        reject(signal?.aborted ? abortReason(signal) : new TypeError('fetch failed', { cause: error })),
      );
      res.on('end', () => resolve(toResponse(res, Buffer.concat(chunks))));
    });
    req.end(body);
  });
}

function toResponse(res: IncomingMessage, body: BodyInit): Response {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  const status = res.statusCode ?? 500;
  const empty = status === 204 || status === 304 || status < 200;
  return new Response(empty ? null : body, { status, statusText: res.statusMessage ?? '', headers });
}

const isEventStream = (res: IncomingMessage) =>
  /^text\/event-stream/i.test(res.headers['content-type'] ?? '');

const isRedirect = (status: number | undefined) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

function abortReason(signal: AbortSignal): Error {
  return (signal.reason as Error | undefined) ?? new DOMException('This operation was aborted', 'AbortError');
}
