import type { IncomingHttpHeaders } from 'node:http';
import { sendJson, startFakeServer, type FakeUpstream } from './fake-server.js';
import { mediaRoute } from './openai-media.js';
import * as r from './openai-responses.js';
import { writeEvents } from './script.js';

export type { FakeUpstream, RecordedRequest } from './fake-server.js';
export { FAIL_HEADER, LATENCY_HEADER } from './fake-server.js';

export interface OpenAiUpstream extends FakeUpstream {
  /** Milliseconds between streamed chunks (0 by default), to cut streams off halfway in tests. */
  setChunkDelay(ms: number): void;
  /**
   * Prompt tokens that chat completions report as read from the prompt cache (0 by default), capped at the
   * prompt, in `usage.prompt_tokens_details.cached_tokens`, as OpenAI does.
   */
  setCachedTokens(tokens: number): void;
}

/** Milliseconds between streamed chunks, to cut a stream off halfway in tests. */
export const CHUNK_DELAY_HEADER = 'x-mock-chunk-delay';
/** Prompt tokens a chat completion reports as cached, the per-request form of `setCachedTokens`. */
export const CACHED_TOKENS_HEADER = 'x-mock-cached-tokens';

const hasKey = (h: IncomingHttpHeaders) =>
  Boolean(h.authorization || h['api-key'] || h['x-api-key'] || h['x-goog-api-key']);

/**
 * A fake OpenAI-compatible provider on a loopback port: chat completions (JSON and SSE), completions,
 * embeddings and the model list, with errors, latency and cached prompt tokens on demand.
 */
export async function startOpenAiUpstream(
  opts: { port?: number; latencyMs?: number } = {},
): Promise<OpenAiUpstream> {
  let chunkDelay = 0;
  let cachedTokens = 0;
  const base = await startFakeServer({
    ...opts,
    modelOf: (_url, json) => (typeof json.model === 'string' ? json.model : 'gpt-4o-mini'),
    errorBody: r.errorBody,
    async handle({ req, res, url, body, json, model, n }) {
      if (!hasKey(req.headers)) return sendJson(res, 401, r.errorBody(401, "You didn't provide an API key."));
      const id = `chatcmpl-mock${String(n).padStart(6, '0')}`;
      const created = Math.floor(Date.now() / 1000);
      const route = `${req.method} ${url.pathname.replace(/^\/v1/, '')}`;
      if (route === 'GET /models') return sendJson(res, 200, r.modelList(created));
      if (route === 'POST /embeddings') return sendJson(res, 200, r.embeddings(model, json));
      if (route === 'POST /completions')
        return sendJson(res, 200, r.textCompletion(id, model, created, json));
      if (mediaRoute(route, json, body, created, res)) return;
      if (route !== 'POST /chat/completions')
        return sendJson(res, 404, r.errorBody(404, `Unknown path ${url.pathname}`));
      const cached = Number(req.headers[CACHED_TOKENS_HEADER] ?? cachedTokens) || 0;
      if (!json.stream) return sendJson(res, 200, r.chatCompletion(id, model, created, json, cached));
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const gap = Number(req.headers[CHUNK_DELAY_HEADER] ?? chunkDelay);
      const chunks = r.chatChunks(id, model, created, json, cached);
      await writeEvents(
        res,
        [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'],
        gap,
      );
    },
  });
  return {
    ...base,
    setChunkDelay(ms) {
      chunkDelay = ms;
    },
    setCachedTokens(tokens) {
      cachedTokens = tokens;
    },
    reset() {
      base.reset();
      chunkDelay = 0;
      cachedTokens = 0;
    },
  };
}
