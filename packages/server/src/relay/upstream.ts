import { Agent, request, type Dispatcher } from 'undici';
import type { UpstreamRequest } from './providers/types.js';

/**
 * One keep-alive connection pool for every upstream: reusing sockets is most of what makes a relay fast.
 * `bodyTimeout` is the idle gap allowed between two chunks of a streamed answer (STREAMING_TIMEOUT).
 */
export function createUpstreamAgent(streamIdleTimeoutMs: number): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: 256,
    pipelining: 1,
    headersTimeout: 0,
    bodyTimeout: streamIdleTimeoutMs,
  });
}

export type UpstreamResponse = Dispatcher.ResponseData;

export function callUpstream(
  agent: Agent,
  // Multipart uploads are forwarded as bytes; adapters only ever build text bodies.
  req: Omit<UpstreamRequest, 'body'> & { body?: string | Uint8Array },
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  return request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal,
    dispatcher: agent,
  });
}

/** Reads an error body as JSON when it is JSON, else as text (bounded). */
export async function readErrorBody(res: UpstreamResponse): Promise<unknown> {
  const text = (await res.body.text()).slice(0, 64 * 1024);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
