import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { mediaRoute } from './openai-media.js';
import * as r from './openai-responses.js';

/** One request the fake upstream received, for tests to assert what the relay sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
}

/** The control surface every fake provider offers. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>`, without `/v1`. */
  url: string;
  port: number;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Answers the next request (only) with this status and body; the body defaults to OpenAI's error shape. */
  setNextError(status: number, body?: unknown): void;
  /** Delay before every answer, in milliseconds. */
  setLatency(ms: number): void;
  /** Clears the request log, a pending error and the latency. */
  reset(): void;
  close(): Promise<void>;
}

export interface OpenAiUpstream extends FakeUpstream {
  /** Milliseconds between streamed chunks (0 by default), to cut streams off halfway in tests. */
  setChunkDelay(ms: number): void;
}

/** Per-request fault headers, the alternative to the `fail-<status>` and `slow-<ms>` model names. */
export const FAIL_HEADER = 'x-mock-fail';
export const LATENCY_HEADER = 'x-mock-latency';
/** Milliseconds between streamed chunks, to cut a stream off halfway in tests. */
export const CHUNK_DELAY_HEADER = 'x-mock-chunk-delay';

type Json = Record<string, unknown>;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const hasKey = (h: IncomingHttpHeaders) =>
  Boolean(h.authorization || h['api-key'] || h['x-api-key'] || h['x-goog-api-key']);

/**
 * A fake OpenAI-compatible provider on a loopback port: chat completions (JSON and SSE), completions,
 * embeddings and the model list, with errors and latency on demand.
 */
export async function startOpenAiUpstream(
  opts: { port?: number; latencyMs?: number } = {},
): Promise<OpenAiUpstream> {
  let latency = opts.latencyMs ?? 0;
  let chunkDelay = 0;
  let nextError: { status: number; body: unknown } | undefined;
  let counter = 0;
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    const json: Json = body && typeof body === 'object' ? (body as Json) : {};
    const model = typeof json.model === 'string' ? json.model : 'gpt-4o-mini';

    const slow = /^slow-(\d+)$/.exec(model)?.[1] ?? req.headers[LATENCY_HEADER];
    const wait = slow !== undefined ? Number(slow) : latency;
    if (wait > 0) await sleep(wait);

    if (nextError) {
      const { status, body: errBody } = nextError;
      nextError = undefined;
      return send(res, status, errBody ?? r.errorBody(status), status === 429 ? { 'retry-after': '1' } : {});
    }
    const fail = /^fail-(\d{3})$/.exec(model)?.[1] ?? req.headers[FAIL_HEADER];
    if (fail !== undefined) {
      const status = Number(fail);
      return send(res, status, r.errorBody(status), status === 429 ? { 'retry-after': '1' } : {});
    }
    if (!hasKey(req.headers)) return send(res, 401, r.errorBody(401, "You didn't provide an API key."));

    const id = `chatcmpl-mock${String(++counter).padStart(6, '0')}`;
    const created = Math.floor(Date.now() / 1000);
    const route = `${req.method} ${path.replace(/^\/v1/, '')}`;
    if (route === 'GET /models') return send(res, 200, r.modelList(created));
    if (route === 'POST /embeddings') return send(res, 200, r.embeddings(model, json));
    if (route === 'POST /completions') return send(res, 200, r.textCompletion(id, model, created, json));
    if (mediaRoute(route, json, body, created, res)) return;
    if (route !== 'POST /chat/completions') return send(res, 404, r.errorBody(404, `Unknown path ${path}`));
    if (!json.stream) return send(res, 200, r.chatCompletion(id, model, created, json));
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const gap = Number(req.headers[CHUNK_DELAY_HEADER] ?? chunkDelay);
    for (const chunk of r.chatChunks(id, model, created, json)) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (gap > 0) await sleep(gap);
    }
    res.end('data: [DONE]\n\n');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, r.errorBody(500, String(err)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setChunkDelay(ms) {
      chunkDelay = ms;
    },
    setNextError(status, body) {
      nextError = { status, body };
    },
    setLatency(ms) {
      latency = ms;
    },
    reset() {
      requests.length = 0;
      nextError = undefined;
      latency = opts.latencyMs ?? 0;
      chunkDelay = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
