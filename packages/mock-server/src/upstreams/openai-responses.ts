import { replyScript } from './script.js';

/**
 * Pure builders of the fake OpenAI answers. Content is fixed and token counts are whitespace-separated words, so
 * a test can predict every usage number: completion = words of REPLY (or max_tokens), prompt = words of each
 * message plus MESSAGE_OVERHEAD per message.
 */
export const REPLY = 'Hello! This is a deterministic reply from the Switchboard mock upstream.';
export const REPLY_WORDS = REPLY.split(' ');
export const MESSAGE_OVERHEAD = 4;

export const MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-3.5-turbo-instruct',
  'text-embedding-3-small',
  'claude-3-5-sonnet-20241022',
  'claude-3-5-haiku-20241022',
  'gemini-1.5-pro',
  'gemini-1.5-flash',
  'llama-3.1-70b',
  'qwen2.5-72b',
];

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** Text of a message's content, whether a string or an array of parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((p) => (p && typeof p === 'object' && 'text' in p ? String(p.text) : '')).join(' ');
  }
  return '';
}

export function promptTokens(messages: unknown): number {
  if (!Array.isArray(messages)) return 0;
  return messages.reduce<number>(
    (sum, m) => sum + MESSAGE_OVERHEAD + countWords(contentText((m as { content?: unknown })?.content)),
    0,
  );
}

/** The words the reply will have, cut to max_tokens as a real model would (see ReplyScript), and why it stopped. */
export function replyWords(maxTokens: unknown): { words: string[]; finish: 'stop' | 'length' } {
  const { words: length, ignoreMaxTokens } = replyScript();
  const all = length ? Array.from({ length }, (_, i) => REPLY_WORDS[i % REPLY_WORDS.length]!) : REPLY_WORDS;
  const max = typeof maxTokens === 'number' && maxTokens > 0 && !ignoreMaxTokens ? maxTokens : Infinity;
  return max < all.length ? { words: all.slice(0, max), finish: 'length' } : { words: all, finish: 'stop' };
}

/**
 * OpenAI's usage object. `cached` prompt tokens (capped at the prompt, as OpenAI counts them inside it) are
 * reported in `prompt_tokens_details.cached_tokens`; the details are left out when nothing was cached.
 */
export const usage = (prompt: number, completion: number, cached = 0) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  ...(cached > 0 ? { prompt_tokens_details: { cached_tokens: Math.min(cached, prompt) } } : {}),
});

export function chatCompletion(
  id: string,
  model: string,
  created: number,
  body: Record<string, unknown>,
  cached = 0,
) {
  const { words, finish } = replyWords(body.max_tokens ?? body.max_completion_tokens);
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_mock',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: words.join(' ') },
        logprobs: null,
        finish_reason: finish,
      },
    ],
    usage: usage(promptTokens(body.messages), words.length, cached),
  };
}

/** The chunks of a streamed chat completion: role, one word each, the finish, and usage when asked for. */
export function chatChunks(
  id: string,
  model: string,
  created: number,
  body: Record<string, unknown>,
  cached = 0,
) {
  const { words, finish } = replyWords(body.max_tokens ?? body.max_completion_tokens);
  const chunk = (delta: object, finish_reason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_mock',
    choices: [{ index: 0, delta, logprobs: null, finish_reason }],
  });
  const chunks: object[] = [chunk({ role: 'assistant', content: '' }, null)];
  words.forEach((w, i) => chunks.push(chunk({ content: i === 0 ? w : ` ${w}` }, null)));
  chunks.push(chunk({}, finish));
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage) {
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_mock',
      choices: [],
      usage: usage(promptTokens(body.messages), words.length, cached),
    });
  }
  return chunks;
}

export function textCompletion(id: string, model: string, created: number, body: Record<string, unknown>) {
  const { words, finish } = replyWords(body.max_tokens);
  const prompt = Array.isArray(body.prompt) ? body.prompt.join(' ') : String(body.prompt ?? '');
  return {
    id,
    object: 'text_completion',
    created,
    model,
    choices: [{ index: 0, text: words.join(' '), logprobs: null, finish_reason: finish }],
    usage: usage(countWords(prompt), words.length),
  };
}

/** A deterministic unit-ish vector per input text (a string hash drives a tiny LCG). */
export function vector(text: string, dims: number): number[] {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return Array.from({ length: dims }, () => {
    h = (Math.imul(h, 1664525) + 1013904223) >>> 0;
    return Math.round((h / 4294967296 - 0.5) * 2e6) / 1e6;
  });
}

export function embeddings(model: string, body: Record<string, unknown>) {
  const inputs = (Array.isArray(body.input) ? body.input : [body.input ?? '']).map(String);
  const dims = typeof body.dimensions === 'number' ? body.dimensions : 16;
  const tokens = inputs.reduce((sum, t) => sum + countWords(t), 0);
  return {
    object: 'list',
    data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: vector(t, dims) })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

export const modelList = (created: number) => ({
  object: 'list',
  data: MODELS.map((id) => ({ id, object: 'model', created, owned_by: 'switchboard-mock' })),
});

/** OpenAI's error shape, with the code and type a real upstream sends for that status. */
export function errorBody(status: number, message?: string) {
  const known: Record<number, [string, string, string]> = {
    400: ['invalid_request_error', 'invalid_request', 'Invalid request.'],
    401: ['invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.'],
    403: [
      'invalid_request_error',
      'unsupported_country_region_territory',
      'Country, region, or territory not supported.',
    ],
    404: [
      'invalid_request_error',
      'model_not_found',
      'The model does not exist or you do not have access to it.',
    ],
    429: ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests.'],
  };
  const [type, code, text] = known[status] ?? [
    'server_error',
    'server_error',
    'The server had an error while processing your request.',
  ];
  return { error: { message: message ?? text, type, param: null, code } };
}
