import type { FastifyRequest } from 'fastify';
import { runChat } from '../chat/chat-pipeline.js';
import { ChatRequestSchema } from '../core/chat-request-schema.js';
import { isPlainChatBody } from '../chat/plain-chat-body.js';
import { claudeClientFormat } from '../providers/anthropic/index.js';
import { geminiClientFormat } from '../providers/gemini/index.js';
import type { ChatRequest, ClientFormat, NativeRequest } from '../providers/types.js';
import { relayError } from '../core/relay-error.js';
import { sendExchangeError } from './send-error.js';
import type { RelayExchange } from '../core/exchange.js';
import { validateBody } from '../core/request-fields.js';
import type { RelayRuntime } from '../runtime.js';
import type { RelayCaller } from '../core/caller.js';

/** An OpenAI chat body, checked field by field (a bad one is a 400 naming it). */
const chatBody = (body: unknown): ChatRequest =>
  isPlainChatBody(body) ? (body as ChatRequest) : validateBody<ChatRequest>(ChatRequestSchema, body);

/** The client's own body for same-format pass-through; only a JSON object can be forwarded. */
const nativeRequest = (
  body: unknown,
  headers: Record<string, string>,
  stream: boolean,
): { native?: NativeRequest } =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? { native: { body: body as Record<string, unknown>, headers, stream } }
    : {};

/** The key a client sent, wherever its SDK puts it. */
export function keyOf(req: { headers: FastifyRequest['headers']; query: unknown }): string | undefined {
  const h = req.headers;
  const query = req.query as Record<string, string | undefined>;
  return h.authorization ?? (h['x-api-key'] as string) ?? (h['x-goog-api-key'] as string) ?? query?.key;
}

/**
 * A chat route: its client format (for its errors) and what it does with an exchange, its caller (whose key
 * was checked before the body was read) and the parsed body.
 */
export interface ChatRoute {
  format?: ClientFormat;
  serve(ex: RelayExchange, caller: RelayCaller, body: unknown, target: string): Promise<void>;
}

/** The three chat routes, served alike from the raw listener and from Fastify. */
export function chatRoutes(rt: RelayRuntime): Record<'openai' | 'claude' | 'gemini', ChatRoute> {
  return {
    openai: {
      serve: (ex, who, body) => runChat(rt, { caller: who, request: chatBody(body) }, ex),
    },
    claude: {
      format: claudeClientFormat,
      serve: async (ex, who, body) => {
        const request = claudeClientFormat.toUnified(body);
        const beta = ex.headers['anthropic-beta'];
        const headers: Record<string, string> = beta ? { 'anthropic-beta': String(beta) } : {};
        const native = nativeRequest(body, headers, !!request.stream);
        return runChat(rt, { caller: who, request, format: claudeClientFormat, ...native }, ex);
      },
    },
    gemini: {
      format: geminiClientFormat,
      serve: async (ex, who, body, target) => {
        const [model = '', action = ''] = target.split(':');
        if (action !== 'generateContent' && action !== 'streamGenerateContent') {
          throw relayError(501, 'relay.notImplemented', {}, 'api_not_implemented');
        }
        const request = geminiClientFormat.toUnified(body, model);
        request.stream = action === 'streamGenerateContent';
        const native = nativeRequest(body, {}, request.stream);
        return runChat(rt, { caller: who, request, format: geminiClientFormat, ...native }, ex);
      },
    },
  };
}

/** Serves one chat request on an exchange; every failure answers in the route's client format. */
export async function serveChat(
  route: ChatRoute,
  ex: RelayExchange,
  caller: RelayCaller,
  body: unknown,
  target = '',
): Promise<void> {
  try {
    await route.serve(ex, caller, body, target);
  } catch (err) {
    sendExchangeError(ex, err, route.format);
  }
}
