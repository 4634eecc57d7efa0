import { translate } from '@switchboard/sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '../http/language.js';
import { claudeClientFormat } from './providers/anthropic/index.js';
import { geminiClientFormat } from './providers/gemini/index.js';
import type { ClientFormat } from './providers/types.js';
import { RelayError } from './relay-error.js';

/** The client format a relay path speaks (OpenAI's when undefined), for failures raised before a handler runs. */
export function clientFormatOf(url: string): ClientFormat | undefined {
  if (url.startsWith('/v1/messages')) return claudeClientFormat;
  if (url.startsWith('/v1beta/')) return geminiClientFormat;
  return undefined;
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
  const e =
    err instanceof RelayError
      ? err
      : new RelayError(500, 'common.internalError', {}, 'new_api_error', 'internal_error');
  if (!(err instanceof RelayError)) req.log.error({ err }, 'relay failure');
  const message = e.upstreamMessage ?? translate(e.key ?? 'common.internalError', requestLang(req), e.params);
  if (format) {
    return reply.status(e.status).send(format.errorBody(e.status, { message, type: e.type, code: e.code }));
  }
  return reply.status(e.status).send({
    error: { message: `${message} (request id: ${req.id})`, type: e.type, param: e.param, code: e.code },
  });
}
