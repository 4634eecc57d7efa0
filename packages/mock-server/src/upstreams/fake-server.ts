import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Per-request fault headers, the alternative to the `fail-<status>` and `slow-<ms>` model names. */
export const FAIL_HEADER = 'x-mock-fail';
export const LATENCY_HEADER = 'x-mock-latency';

export type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
  /** The body exactly as received. */
  raw: string;
}

/** The control surface every fake provider offers. */
export interface FakeUpstream {
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** The next request (only) fails with this status and body. */
  setNextError(status: number, body?: unknown): void;
  setLatency(ms: number): void;
  /** Clears the request log, a pending error and the latency. */
  reset(): void;
  close(): Promise<void>;
}

/** One request after the shared fault handling, for the provider's own routes. */
export interface FakeRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: unknown;
  json: Json;
  model: string;
  /** 1, 2, 3… per request, for ids. */
  n: number;
}

export interface FakeSpec {
  port?: number;
  latencyMs?: number;
  /** The model a request names, for the `fail-<status>` and `slow-<ms>` conventions. */
  modelOf(url: URL, json: Json): string;
  /** The provider's own error body for a status. */
  errorBody(status: number, message?: string): unknown;
  handle(request: FakeRequest): void | Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; raw: string }> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString('utf8');
  if (!raw) return { body: {}, raw };
  try {
    return { body: JSON.parse(raw), raw };
  } catch {
    return { body: raw, raw };
  }
}

/**
 * The shell every fake provider shares: a loopback HTTP server that records requests and injects latency and
 * faults (`fail-<status>` / `slow-<ms>` model names, the x-mock-* headers, setNextError, setLatency) before the
 * provider's own routes run.
 */
export async function startFakeServer(spec: FakeSpec): Promise<FakeUpstream> {
  let latency = spec.latencyMs ?? 0;
  let nextError: { status: number; body: unknown } | undefined;
  let counter = 0;
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const { body, raw } = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body, raw });
    const json: Json = body && typeof body === 'object' ? (body as Json) : {};
    const model = spec.modelOf(url, json);
    const slow = /^slow-(\d+)$/.exec(model)?.[1] ?? req.headers[LATENCY_HEADER];
    const wait = slow !== undefined ? Number(slow) : latency;
    if (wait > 0) await sleep(wait);
    const retry = (status: number): Record<string, string> => (status === 429 ? { 'retry-after': '1' } : {});
    if (nextError) {
      const { status, body: errBody } = nextError;
      nextError = undefined;
      return sendJson(res, status, errBody ?? spec.errorBody(status), retry(status));
    }
    const fail = /^fail-(\d{3})$/.exec(model)?.[1] ?? req.headers[FAIL_HEADER];
    if (fail !== undefined)
      return sendJson(res, Number(fail), spec.errorBody(Number(fail)), retry(Number(fail)));
    await spec.handle({ req, res, url, body, json, model, n: ++counter });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, spec.errorBody(500, String(err)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(spec.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setNextError(status, body) {
      nextError = { status, body };
    },
    setLatency(ms) {
      latency = ms;
    },
    reset() {
      requests.length = 0;
      nextError = undefined;
      latency = spec.latencyMs ?? 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
