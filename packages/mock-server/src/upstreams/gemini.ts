import { sendJson, startFakeServer, type FakeUpstream, type Json } from './fake-server.js';
import { countWords, MESSAGE_OVERHEAD, replyWords } from './openai-responses.js';
import { writeEvents } from './script.js';

export { REPLY, REPLY_WORDS } from './openai-responses.js';

/** The thought summary sent when a request asks for thoughts (thinkingConfig.includeThoughts). */
export const THOUGHT = 'Planning a short deterministic greeting.';

/** The fake's controls; recorded paths exclude the query, so a `?key=` never shows. */
export type GeminiUpstream = FakeUpstream;

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

/** Tokens a request naming `cachedContent` reads from that cache; Gemini counts them inside promptTokenCount. */
export const CACHED_CONTENT_TOKENS = 1000;

function usageMetadata(prompt: number, candidates: number, thoughts: number, cached: number) {
  return {
    promptTokenCount: prompt + cached,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + cached + candidates + thoughts,
    ...(cached > 0 && { cachedContentTokenCount: cached }),
    ...(thoughts > 0 && { thoughtsTokenCount: thoughts }),
  };
}

/**
 * A fake Gemini API on a loopback port: `GET /v1beta/models`, `POST /{v1beta|v1}/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, keyed by `x-goog-api-key` or `?key=`, with errors and latency on demand
 * (`fail-<status>` / `slow-<ms>` model names or the x-mock-* headers, as in the OpenAI fake). A request naming
 * `cachedContent` reads CACHED_CONTENT_TOKENS from it.
 */
/** What `GET /v1beta/models` lists (fetch_models on a Gemini channel). */
const LISTED_MODELS = ['gemini-2.0-flash', 'gemini-2.5-pro', 'gemini-1.5-pro', 'gemini-1.5-flash'];

/** `/v1beta/models/{model}:generateContent` and `:streamGenerateContent` (also under /v1). */
const ROUTE = /^\/v1(?:beta)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

export async function startGeminiUpstream(
  opts: { port?: number; latencyMs?: number } = {},
): Promise<GeminiUpstream> {
  return startFakeServer({
    ...opts,
    modelOf: (url) => decodeURIComponent(ROUTE.exec(url.pathname)?.[1] ?? ''),
    errorBody: geminiErrorBody,
    async handle({ req, res, url, json, model, n }) {
      const route = ROUTE.exec(url.pathname);
      const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
      if (!key) return sendJson(res, 403, geminiErrorBody(403));
      if (String(key).startsWith('invalid')) {
        return sendJson(res, 400, geminiErrorBody(400, 'API key not valid. Please pass a valid API key.'));
      }
      if (req.method === 'GET' && /^\/v1(?:beta)?\/models$/.test(url.pathname)) {
        const models = LISTED_MODELS.map((name) => ({ name: `models/${name}`, displayName: name }));
        return sendJson(res, 200, { models });
      }
      if (req.method !== 'POST' || !route) return sendJson(res, 404, geminiErrorBody(404));
      if (!Array.isArray(json.contents)) {
        return sendJson(
          res,
          400,
          geminiErrorBody(400, '* GenerateContentRequest.contents: contents is not specified'),
        );
      }

      const responseId = `mock${String(n).padStart(6, '0')}`;
      const prompt = promptTokens(json);
      const { parts, words, finish, thoughts } = reply(json);
      const thoughtTokens = thoughts.length > 0 ? countWords(THOUGHT) : 0;
      const candidate = (p: Part[], last: boolean) => ({
        content: { parts: p, role: 'model' },
        ...(last && { finishReason: finish }),
        index: 0,
      });
      const cached = typeof json.cachedContent === 'string' ? CACHED_CONTENT_TOKENS : 0;
      const usage = usageMetadata(prompt, words.length, thoughtTokens, cached);
      if (route[2] === 'generateContent') {
        const all = [...thoughts, ...(parts.length > 0 ? parts : [{ text: words.join(' ') }])];
        return sendJson(res, 200, {
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
      const events = pieces.map((p, i) => {
        const last = i === pieces.length - 1;
        const event = {
          candidates: [candidate(p, last)],
          // Like Gemini: every chunk counts the prompt, only the last one the answer.
          usageMetadata: last ? usage : { promptTokenCount: usage.promptTokenCount },
          modelVersion: model,
          responseId,
        };
        return `data: ${JSON.stringify(event)}\r\n\r\n`;
      });
      await writeEvents(res, events);
    },
  });
}
