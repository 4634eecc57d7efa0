import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { followRedirects } from '@switchboard/sdk';

/**
 * `fetch` over node:http for the SDK. Node's own fetch (undici) compiles its HTTP parser to WebAssembly on
 * first use, which took `swb`'s peak memory from ~70 MB to ~113 MB for a single call; this one answers the
 * same `Response`s for the requests the SDK makes (a string or URL, a string or byte body, abort signals)
 * and hands anything else to the global fetch. Either way redirects are followed by the SDK's
 * `followRedirects`: within the origin, or from http to https on the same host, never elsewhere, so the
 * access token, session cookie and a login's password stay with the server they were meant for.
 */
export const httpFetch = followRedirects((input, init = {}) => {
  const body = init.body;
  const simpleBody =
    body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (!(typeof input === 'string' || input instanceof URL) || !simpleBody)
    return globalThis.fetch(input, { ...init, redirect: 'manual' });
  return send(new URL(input), init, body ?? undefined);
});

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** One request, one answer: a redirect is answered as it is (`followRedirects` decides). */
function send(url: URL, init: RequestInit, body: string | Uint8Array | undefined): Promise<Response> {
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

function abortReason(signal: AbortSignal): Error {
  return (signal.reason as Error | undefined) ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The innermost cause of a failed fetch ("fetch failed" says nothing): what `swb` shows. */
export function fetchErrorText(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
