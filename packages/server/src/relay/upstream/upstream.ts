import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, Pool, request } from 'undici';
import type { CancelSignal } from '../core/client-gone.js';
import { requestBuffered, type BufferedBody } from './upstream-buffered.js';
import { requestStreamed } from './upstream-streamed.js';
import type { UpstreamRequest } from '../providers/types.js';

/**
 * One keep-alive connection pool for every upstream: reusing sockets is most of what makes a relay fast.
 * `bodyTimeout` is the idle gap allowed between two chunks of a streamed answer (STREAMING_TIMEOUT).
 */
export function createUpstreamAgent(streamIdleTimeoutMs: number): UpstreamAgent {
  return new UpstreamAgent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: 256,
    pipelining: 1,
    headersTimeout: 0,
    bodyTimeout: streamIdleTimeoutMs,
  });
}

/** `http(s)://host[:port]` then the path: what a connection pool is keyed by, without a full URL parse. */
const ORIGIN = /^https?:\/\/[^/?#@]+/i;

/**
 * An Agent that also hands out its per-origin pools directly. `request(url, {dispatcher: agent})` parses the
 * URL, looks the pool up and wraps the call in the redirect interceptor on every request; asking the pool
 * itself skips all three, which the relay's profile showed as about a twentieth of its CPU.
 */
export class UpstreamAgent extends Agent {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly poolOptions: Agent.Options) {
    super(poolOptions);
  }

  /** The pool for `url`'s origin and the rest of the URL; undefined for URLs only the Agent handles. */
  poolFor(url: string): { pool: Pool; path: string } | undefined {
    const m = ORIGIN.exec(url);
    if (!m) return undefined;
    const origin = m[0].toLowerCase();
    let pool = this.pools.get(origin);
    if (!pool) this.pools.set(origin, (pool = new Pool(origin, this.poolOptions)));
    return { pool, path: url.slice(m[0].length) || '/' };
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    await this.close();
  }
}

/** An upstream answer: undici's, or one read whole (see {@link requestBuffered}). */
export interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: AsyncIterable<Buffer> & Pick<BufferedBody, 'text' | 'arrayBuffer'>;
}

export type UpstreamRead = 'whole' | 'chunks';

export function callUpstream(
  agent: Agent | UpstreamAgent,
  // Multipart uploads are forwarded as bytes; adapters only ever build text bodies.
  req: Omit<UpstreamRequest, 'body'> & { body?: string | Uint8Array },
  signal: CancelSignal & (AbortSignal | EventEmitter),
  /**
   * How the relay reads the answer, when it reads it itself: whole (a non-streamed chat answer) or in chunks as
   * they come (a streamed one, through readChunks). Either way without a body stream.
   */
  read?: UpstreamRead,
): Promise<UpstreamResponse> {
  const direct = agent instanceof UpstreamAgent ? agent.poolFor(req.url) : undefined;
  if (direct && read) {
    const { method, headers, body } = req;
    const opts = { path: direct.path, method, headers, body };
    return read === 'whole'
      ? requestBuffered(direct.pool, opts, signal)
      : requestStreamed(direct.pool, opts, signal);
  }
  if (direct) {
    return direct.pool.request({
      path: direct.path,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
    });
  }
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
