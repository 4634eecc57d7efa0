import { translate } from '@switchboard/sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '../../http/language.js';
import { claudeClientFormat } from '../providers/anthropic/index.js';
import { geminiClientFormat } from '../providers/gemini/index.js';
import type { ClientFormat } from '../providers/types.js';
import { RelayError } from '../core/relay-error.js';
import { sendJson, type RelayExchange } from '../core/exchange.js';

/** The client format a relay path speaks (OpenAI's when undefined), for failures raised before a handler runs. */
export function clientFormatOf(url: string): ClientFormat | undefined {
  if (url.startsWith('/v1/messages')) return claudeClientFormat;
  if (url.startsWith('/v1beta/')) return geminiClientFormat;
  return undefined;
}

/** The failure's status and body in the client's own error shape. */
function errorAnswer(
  err: unknown,
  id: string,
  lang: ReturnType<typeof requestLang>,
  format?: ClientFormat,
): { status: number; body: unknown; unexpected: boolean; retryAfterS?: number } {
  const e =
    err instanceof RelayError
      ? err
      : new RelayError(500, 'common.internalError', {}, 'new_api_error', 'internal_error');
  const message = e.upstreamMessage ?? translate(e.key ?? 'common.internalError', lang, e.params);
  const body = format
    ? format.errorBody(e.status, { message, type: e.type, code: e.code })
    : { error: { message: `${message} (request id: ${id})`, type: e.type, param: e.param, code: e.code } };
  const answer = { status: e.status, body, unexpected: !(err instanceof RelayError) };
  return e.retryAfterS === undefined ? answer : { ...answer, retryAfterS: e.retryAfterS };
}

/**
 * Sends a relay failure in the client's own error shape: OpenAI's `{error:{message,type,param,code}}` with the
 * request id appended (as new-api), or the Claude / Gemini error body. Never a stack trace.
 */
export function sendRelayError(
  req: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  format?: ClientFormat,
) {
  if (reply.sent || reply.raw.headersSent) {
    // Mid-stream: the status line is gone; end the stream so the client is not left hanging.
    if (!reply.raw.writableEnded) reply.raw.end();
    return;
  }
  const a = errorAnswer(err, req.id, requestLang(req), format);
  if (a.unexpected) req.log.error({ err }, 'relay failure');
  if (a.retryAfterS !== undefined) void reply.header('retry-after', String(a.retryAfterS));
  return reply.status(a.status).send(a.body);
}

/** {@link sendRelayError} for a request whose raw response the pipeline owns. */
export function sendExchangeError(ex: RelayExchange, err: unknown, format?: ClientFormat): void {
  if (ex.res.headersSent || ex.res.destroyed) {
    if (!ex.res.writableEnded) ex.res.end();
    return;
  }
  const a = errorAnswer(err, ex.id, requestLang(ex), format);
  if (a.unexpected) ex.log(err, 'relay failure');
  if (a.retryAfterS !== undefined) ex.res.setHeader('retry-after', String(a.retryAfterS));
  sendJson(ex.res, a.status, a.body);
}
