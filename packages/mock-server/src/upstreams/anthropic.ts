import { PromptCache, systemTokens, type CacheUsage } from './anthropic-cache.js';
import { ThinkingSignatures, wantsRedaction } from './anthropic-thinking.js';
import { writeEvents } from './script.js';
import { sendJson, startFakeServer, type FakeUpstream, type Json } from './fake-server.js';
import { MODELS, countWords, promptTokens, replyWords } from './openai-responses.js';

export { REDACTED_THINKING_TRIGGER } from './anthropic-thinking.js';

/** The same control API as the fake OpenAI upstream (latency, next error, request log). */
export type AnthropicUpstream = FakeUpstream;

/** Fixed thinking text, sent when the request enables `thinking`. */
export const THINKING = 'The user wants a greeting; a short deterministic reply will do.';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** Anthropic's error shape, with the type the real API sends for that status. */
export function anthropicErrorBody(status: number, message?: string) {
  const type = ERROR_TYPES[status] ?? 'api_error';
  return { type: 'error', error: { type, message: message ?? `Mock ${type} (status ${status}).` } };
}

/** A value of each property's JSON type, so a tool call's input fits the tool's schema. */
function toolInput(schema: unknown): Json {
  const props = ((schema as Json | undefined)?.properties ?? {}) as Record<string, { type?: string }>;
  const sample: Record<string, unknown> = { string: 'mock', number: 1, integer: 1, boolean: true, array: [] };
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample[v.type ?? ''] ?? null]));
}

type Block =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Json };

/** What answers depend on besides the request: issued signatures and the prompt cache. */
interface AnthropicState {
  signatures: ThinkingSignatures;
  cache: PromptCache;
}

/**
 * The answer for a request: thinking first when enabled (signed; redacted too when a message carries
 * REDACTED_THINKING_TRIGGER), then a tool call when tools are offered and the last turn is not a tool result
 * (and tool_choice is not none), else the fixed reply cut at max_tokens. Input tokens are split by the prompt
 * cache when the request has cache_control breakpoints.
 */
function answer(body: Json, counter: number, state: AnthropicState) {
  const blocks: Block[] = [];
  let output = 0;
  if ((body.thinking as Json | undefined)?.type === 'enabled') {
    blocks.push({
      type: 'thinking',
      thinking: THINKING,
      signature: state.signatures.sign(THINKING, counter),
    });
    if (wantsRedaction(body))
      blocks.push({ type: 'redacted_thinking', data: state.signatures.redact(counter) });
    output += countWords(THINKING);
  }
  const tools = (body.tools ?? []) as { name: string; input_schema?: unknown }[];
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  const messages = (body.messages ?? []) as { content?: unknown }[];
  const last = messages.at(-1)?.content;
  const answeredTool = Array.isArray(last) && last.some((b: Json) => b?.type === 'tool_result');
  let stop: string;
  const tool = choice?.type === 'tool' ? tools.find((t) => t.name === choice.name) : tools[0];
  if (tool && !answeredTool && choice?.type !== 'none') {
    blocks.push({
      type: 'tool_use',
      id: `toolu_mock${counter}`,
      name: tool.name,
      input: toolInput(tool.input_schema),
    });
    stop = 'tool_use';
    output += 5;
  } else {
    const { words, finish } = replyWords(body.max_tokens);
    blocks.push({ type: 'text', text: words.join(' ') });
    stop = finish === 'length' ? 'max_tokens' : 'end_turn';
    output += words.length;
  }
  const input = promptTokens(body.messages) + systemTokens(body.system);
  const usage: CacheUsage & { output_tokens: number } = {
    ...state.cache.usage(body, input),
    output_tokens: output,
  };
  return { blocks, stop, usage };
}

function message(id: string, model: string, a: ReturnType<typeof answer>) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: a.blocks,
    stop_reason: a.stop,
    stop_sequence: null,
    usage: a.usage,
  };
}

/** Claude's exact stream: message_start, ping, per block start/deltas/stop, message_delta, message_stop. */
function* events(id: string, model: string, a: ReturnType<typeof answer>): Generator<[string, Json]> {
  const start = message(id, model, a);
  yield [
    'message_start',
    { message: { ...start, content: [], stop_reason: null, usage: { ...start.usage, output_tokens: 1 } } },
  ];
  yield ['ping', {}];
  for (const [index, block] of a.blocks.entries()) {
    if (block.type === 'text') {
      yield ['content_block_start', { index, content_block: { type: 'text', text: '' } }];
      for (const [i, w] of block.text.split(' ').entries())
        yield ['content_block_delta', { index, delta: { type: 'text_delta', text: i ? ` ${w}` : w } }];
    } else if (block.type === 'thinking') {
      yield [
        'content_block_start',
        { index, content_block: { type: 'thinking', thinking: '', signature: '' } },
      ];
      yield ['content_block_delta', { index, delta: { type: 'thinking_delta', thinking: block.thinking } }];
      yield [
        'content_block_delta',
        { index, delta: { type: 'signature_delta', signature: block.signature } },
      ];
    } else if (block.type === 'redacted_thinking') {
      yield ['content_block_start', { index, content_block: block }];
    } else {
      yield ['content_block_start', { index, content_block: { ...block, input: {} } }];
      const json = JSON.stringify(block.input);
      const cut = Math.floor(json.length / 2);
      for (const partial_json of ['', json.slice(0, cut), json.slice(cut)])
        yield ['content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } }];
    }
    yield ['content_block_stop', { index }];
  }
  yield [
    'message_delta',
    { delta: { stop_reason: a.stop, stop_sequence: null }, usage: { output_tokens: a.usage.output_tokens } },
  ];
  yield ['message_stop', {}];
}

/**
 * A fake Anthropic Messages API on a loopback port: `POST /v1/messages` (JSON and SSE) and `GET /v1/models`.
 * Needs a key, `x-api-key` or `Authorization: Bearer` (else 401), and `anthropic-version` (else 400). Faults as in the OpenAI fake: `fail-<status>`
 * and `slow-<ms>` model names, the x-mock-fail / x-mock-latency headers, setNextError and setLatency. Thinking is
 * signed and checked when sent back (400 as Anthropic's, on a forged or missing signature); cache_control
 * breakpoints report cache writes, then reads.
 */
export async function startAnthropicUpstream(
  opts: { port?: number; latencyMs?: number } = {},
): Promise<AnthropicUpstream> {
  const state: AnthropicState = { signatures: new ThinkingSignatures(), cache: new PromptCache() };
  return startFakeServer({
    ...opts,
    modelOf: (_url, json) => (typeof json.model === 'string' ? json.model : 'claude-3-5-sonnet-20241022'),
    errorBody: anthropicErrorBody,
    async handle({ req, res, url, json, model, n }) {
      // @anthropic-ai/sdk 1.x sends its apiKey as `Authorization: Bearer`, which the real API takes as well.
      const bearer = /^Bearer \S/.test(req.headers.authorization ?? '');
      if (!req.headers['x-api-key'] && !bearer)
        return sendJson(res, 401, anthropicErrorBody(401, 'x-api-key header is required'));
      if (!req.headers['anthropic-version'])
        return sendJson(res, 400, anthropicErrorBody(400, 'anthropic-version: header is required'));

      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /v1/models') {
        const data = MODELS.filter((m) => m.startsWith('claude')).map((id) => ({
          type: 'model',
          id,
          display_name: id,
          created_at: '2024-10-22T00:00:00Z',
        }));
        return sendJson(res, 200, { data, has_more: false, first_id: data[0]?.id, last_id: data.at(-1)?.id });
      }
      if (route !== 'POST /v1/messages')
        return sendJson(res, 404, anthropicErrorBody(404, `Unknown path ${url.pathname}`));
      if (typeof json.max_tokens !== 'number')
        return sendJson(res, 400, anthropicErrorBody(400, 'max_tokens: Field required'));
      const refused = state.signatures.check(json);
      if (refused) return sendJson(res, 400, anthropicErrorBody(400, refused));
      const id = `msg_mock${String(n).padStart(6, '0')}`;
      const a = answer(json, n, state);
      if (!json.stream) return sendJson(res, 200, message(id, model, a));
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      await writeEvents(
        res,
        [...events(id, model, a)].map(
          ([event, data]) => `event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`,
        ),
      );
    },
  });
}
