import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAIL_HEADER, LATENCY_HEADER, type RecordedRequest } from './openai.js';
import { countWords, MESSAGE_OVERHEAD, replyWords } from './openai-responses.js';

export { REPLY, REPLY_WORDS } from './openai-responses.js';

/** The thought summary sent when a request asks for thoughts (thinkingConfig.includeThoughts). */
export const THOUGHT = 'Planning a short deterministic greeting.';

export interface GeminiUpstream {
  /** `http://127.0.0.1:<port>`, without `/v1beta`. */
  url: string;
  port: number;
  /** Every request received, oldest first; `path` excludes the query (so a `?key=` never shows). */
  requests: RecordedRequest[];
  /** Answers the next request (only) with this status and body; the body defaults to Google's error shape. */
  setNextError(status: number, body?: unknown): void;
  /** Delay before every answer, in milliseconds. */
  setLatency(ms: number): void;
  /** Clears the request log, a pending error and the latency. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Part = { text?: string; thought?: boolean; functionCall?: { name: string; args: Json } };

const STATUS: Record<number, [string, string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  401: ['UNAUTHENTICATED', 'Request is missing required authentication credential.'],
  403: [
    'PERMISSION_DENIED',
    "Method doesn't allow unregistered callers (callers without established identity).",
  ],
  404: ['NOT_FOUND', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'],
  503: ['UNAVAILABLE', 'The model is overloaded. Please try again later.'],
};

/** Google's error envelope, with the gRPC status name a real Gemini endpoint sends for that HTTP status. */
export function geminiErrorBody(code: number, message?: string) {
  const [status, text] = STATUS[code] ?? ['INTERNAL', 'An internal error has occurred.'];
  return { error: { code, message: message ?? text, status } };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Prompt tokens mirror the OpenAI fake: words of every text part plus MESSAGE_OVERHEAD per content. */
function promptTokens(body: Json): number {
  const contents = [...(Array.isArray(body.contents) ? body.contents : []), body.systemInstruction].filter(
    Boolean,
  );
  return contents.reduce<number>((sum, c) => {
    const parts = (c as { parts?: Part[] }).parts ?? [];
    return sum + MESSAGE_OVERHEAD + parts.reduce((n, p) => n + countWords(p.text ?? ''), 0);
  }, 0);
}

/**
 * The reply's parts: a function call when tools are forced (mode ANY), else the fixed text cut at
 * maxOutputTokens, preceded by a thought when the request asked for thoughts.
 */
function reply(body: Json) {
  const config = (body.generationConfig ?? {}) as Json & { thinkingConfig?: { includeThoughts?: boolean } };
  const calling = (
    body.toolConfig as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } }
  )?.functionCallingConfig;
  const declared = ((body.tools ?? []) as { functionDeclarations?: { name: string }[] }[]).flatMap(
    (t) => t.functionDeclarations ?? [],
  );
  const thoughts = config.thinkingConfig?.includeThoughts ? [{ text: THOUGHT, thought: true }] : [];
  const name = calling?.allowedFunctionNames?.[0] ?? declared[0]?.name;
  if (calling?.mode === 'ANY' && name) {
    return { parts: [{ functionCall: { name, args: {} } }], words: [name], finish: 'STOP', thoughts: [] };
  }
  const { words, finish } = replyWords(config.maxOutputTokens);
  return { parts: [], words, finish: finish === 'length' ? 'MAX_TOKENS' : 'STOP', thoughts };
}

function usageMetadata(prompt: number, candidates: number, thoughts: number) {
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + candidates + thoughts,
    ...(thoughts > 0 && { thoughtsTokenCount: thoughts }),
  };
}

/**
 * A fake Gemini API on a loopback port: `POST /{v1beta|v1}/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, keyed by `x-goog-api-key` or `?key=`, with errors and latency on demand
 * (`fail-<status>` / `slow-<ms>` model names or the x-mock-* headers, as in the OpenAI fake).
 */
export async function startGeminiUpstream(
  opts: { port?: number; latencyMs?: number } = {},
): Promise<GeminiUpstream> {
  let latency = opts.latencyMs ?? 0;
  let nextError: { status: number; body: unknown } | undefined;
  let counter = 0;
  const requests: RecordedRequest[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
    const json: Json = body && typeof body === 'object' ? (body as Json) : {};
    const route = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
      url.pathname,
    );
    const model = decodeURIComponent(route?.[1] ?? '');

    const slow = /^slow-(\d+)$/.exec(model)?.[1] ?? req.headers[LATENCY_HEADER];
    const wait = slow !== undefined ? Number(slow) : latency;
    if (wait > 0) await sleep(wait);

    if (nextError) {
      const { status, body: errBody } = nextError;
      nextError = undefined;
      return send(res, status, errBody ?? geminiErrorBody(status));
    }
    const fail = /^fail-(\d{3})$/.exec(model)?.[1] ?? req.headers[FAIL_HEADER];
    if (fail !== undefined) return send(res, Number(fail), geminiErrorBody(Number(fail)));
    const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (!key) return send(res, 403, geminiErrorBody(403));
    if (String(key).startsWith('invalid')) {
      return send(res, 400, geminiErrorBody(400, 'API key not valid. Please pass a valid API key.'));
    }
    if (req.method !== 'POST' || !route) return send(res, 404, geminiErrorBody(404));
    if (!Array.isArray(json.contents)) {
      return send(
        res,
        400,
        geminiErrorBody(400, '* GenerateContentRequest.contents: contents is not specified'),
      );
    }

    const responseId = `mock${String(++counter).padStart(6, '0')}`;
    const prompt = promptTokens(json);
    const { parts, words, finish, thoughts } = reply(json);
    const thoughtTokens = thoughts.length > 0 ? countWords(THOUGHT) : 0;
    const candidate = (p: Part[], last: boolean) => ({
      content: { parts: p, role: 'model' },
      ...(last && { finishReason: finish }),
      index: 0,
    });
    const usage = usageMetadata(prompt, words.length, thoughtTokens);
    if (route[2] === 'generateContent') {
      const all = [...thoughts, ...(parts.length > 0 ? parts : [{ text: words.join(' ') }])];
      return send(res, 200, {
        candidates: [candidate(all, true)],
        usageMetadata: usage,
        modelVersion: model,
        responseId,
      });
    }
    // Without alt=sse Gemini streams one JSON array; the relay always asks for SSE, so only that is faked.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces: Part[][] = [
      ...thoughts.map((t) => [t]),
      ...(parts.length > 0 ? [parts] : words.map((w, i) => [{ text: i === 0 ? w : ` ${w}` }])),
    ];
    pieces.forEach((p, i) => {
      const last = i === pieces.length - 1;
      const event = {
        candidates: [candidate(p, last)],
        ...(last && { usageMetadata: usage }),
        modelVersion: model,
        responseId,
      };
      res.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
    });
    res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, geminiErrorBody(500, String(err)));
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
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
