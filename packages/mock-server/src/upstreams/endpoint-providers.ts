/**
 * Fake upstreams of the providers whose embeddings, rerank or image APIs are not OpenAI's: Cohere, Jina,
 * SiliconFlow, Gemini (batchEmbedContents and Imagen), Alibaba DashScope, Ollama, Volcengine, MokaAI and
 * Cloudflare Workers AI. One loopback server; each provider lives under its own path prefix, so a channel's base
 * URL names the provider (`<url>/cohere`). Answers follow each real API's shape with countable usage, so relay
 * tests can predict every charge.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { sendJson, startFakeServer, type FakeUpstream, type Json } from './fake-server.js';
import { countWords, embeddings, errorBody, vector } from './openai-responses.js';

/** A tiny PNG, what the fake Imagen returns for each image. */
export const IMAGEN_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const texts = (input: unknown): string[] =>
  typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : [];

const docText = (d: unknown) => (typeof d === 'string' ? d : String((d as Json)?.text ?? ''));

/** Documents ranked in their order (top_n of them), each with its text, as the rerank APIs answer. */
function ranked(json: Json) {
  const docs = Array.isArray(json.documents) ? json.documents : [];
  const words = docs.reduce<number>(
    (n, d) => n + countWords(docText(d)),
    countWords(String(json.query ?? '')),
  );
  const top = typeof json.top_n === 'number' && json.top_n > 0 ? json.top_n : docs.length;
  const results = docs
    .slice(0, top)
    .map((d, index) => ({ index, relevance_score: 1 / (index + 1), document: { text: docText(d) } }));
  return { results, words };
}

const CLOUDFLARE_EMBEDDINGS = /^POST \/client\/v4\/accounts\/[^/]+\/ai\/v1\/embeddings$/;

function answer(provider: string, route: string, json: Json): unknown {
  const { results, words } = ranked(json);
  switch (`${provider} ${route}`) {
    case 'cohere POST /v1/rerank':
      // Cohere bills rerank in search units, not tokens.
      return {
        id: 'rerank-mock',
        results,
        meta: { api_version: { version: '1' }, billed_units: { search_units: 1 } },
      };
    case 'jina POST /v1/rerank':
      return { model: json.model, usage: { total_tokens: words }, results };
    case 'siliconflow POST /v1/rerank':
      return { id: 'sf-mock', results, meta: { tokens: { input_tokens: words, output_tokens: 0 } } };
    case 'ali POST /api/v1/services/embeddings/text-embedding/text-embedding': {
      const list = texts((json.input as Json | undefined)?.texts);
      const tokens = list.reduce((n, t) => n + countWords(t), 0);
      return {
        output: { embeddings: list.map((t, text_index) => ({ text_index, embedding: vector(t, 8) })) },
        usage: { total_tokens: tokens },
        request_id: 'ali-mock',
      };
    }
    case 'ollama POST /api/embed': {
      const list = texts(json.input);
      const tokens = list.reduce((n, t) => n + countWords(t), 0);
      return { model: json.model, embeddings: list.map((t) => vector(t, 8)), prompt_eval_count: tokens };
    }
    case 'jina POST /v1/embeddings':
    case 'volcengine POST /api/v3/embeddings':
    case 'mokaai POST /embeddings':
      return embeddings(String(json.model), json);
  }
  if (provider === 'cloudflare' && CLOUDFLARE_EMBEDDINGS.test(route))
    return embeddings(String(json.model), json);
  return undefined;
}

/** Gemini's model actions: `batchEmbedContents` and Imagen's `predict`. */
function gemini(path: string, json: Json): unknown {
  const action = /^\/v1beta\/models\/([^:/]+):(\w+)$/.exec(path);
  if (action?.[2] === 'batchEmbedContents') {
    const requests = Array.isArray(json.requests) ? (json.requests as Json[]) : [];
    return {
      embeddings: requests.map((r) => {
        const text = ((r.content as Json)?.parts as Json[] | undefined)?.[0]?.text;
        return { values: vector(String(text ?? ''), Number(r.outputDimensionality) || 8) };
      }),
    };
  }
  if (action?.[2] === 'predict') {
    const n = Number((json.parameters as Json | undefined)?.sampleCount) || 1;
    const prompt = String((json.instances as Json[] | undefined)?.[0]?.prompt ?? '');
    // A prompt that mentions "unsafe" has its last image filtered, as Imagen's safety filter does.
    return {
      predictions: Array.from({ length: n }, (_, i) =>
        prompt.includes('unsafe') && i === n - 1
          ? { raiFilteredReason: 'filtered by the mock' }
          : { mimeType: 'image/png', bytesBase64Encoded: IMAGEN_PNG_BASE64 },
      ),
    };
  }
  return undefined;
}

const keyed = (h: IncomingHttpHeaders) => Boolean(h.authorization || h['x-goog-api-key']);

/** Starts the fake; channels point at `${url}/<provider>`. */
export async function startEndpointProviders(opts: { port?: number } = {}): Promise<FakeUpstream> {
  return startFakeServer({
    ...opts,
    modelOf: (_url, json) => (typeof json.model === 'string' ? json.model : ''),
    errorBody,
    handle({ req, res, url, json }) {
      if (!keyed(req.headers)) return sendJson(res, 401, errorBody(401));
      const [, provider = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const body =
        provider === 'gemini' ? gemini(path, json) : answer(provider, `${req.method} ${path}`, json);
      if (body === undefined) return sendJson(res, 404, errorBody(404, `Unknown path ${url.pathname}`));
      sendJson(res, 200, body);
    },
  });
}
