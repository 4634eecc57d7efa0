import { formatZodError, translate, type MessageKey } from '@switchboard/sdk';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { clientFormatOf } from '../relay/entry/send-error.js';
import { AppError } from './errors.js';
import { requestLang } from './language.js';
import { routePath } from './route-family.js';

const isRelayPath = (url: string) =>
  url.startsWith('/v1') || url.startsWith('/v1beta') || url.startsWith('/pg/');
const isManagementPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The only refusals new-api's auth middleware answers with HTTP 401 (contract §2.3); keep in sync with auth.ts. */
const AUTH_MIDDLEWARE_401 = new Set<MessageKey>([
  'auth.notLoggedIn',
  'auth.userIdHeaderMissing',
  'auth.userIdHeaderMismatch',
]);

/**
 * The HTTP status a refusal goes out with on `/api`. new-api 0.4.8 answers every business error (wrong password,
 * permission denied, not found, invalid parameters, used code, ...) as HTTP 200 `{success:false}`; only the
 * auth middleware's 401s, rate limits, bodies too large to read and real server failures keep their status.
 */
export function managementStatus(status: number, key?: MessageKey): number {
  if (status === 401) return key !== undefined && AUTH_MIDDLEWARE_401.has(key) ? 401 : 200;
  if (status === 429 || status === 413 || status === 415) return status;
  // 503 is our "switched off or not configured" (SMTP, ...): new-api reports those as business errors too.
  return status >= 500 && status !== 503 ? status : 200;
}

/** Sends a failure in the shape the route family speaks: the envelope on /api, an OpenAI error on the relay. */
export function sendFailure(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  code = '',
  key?: MessageKey,
) {
  const path = routePath(req);
  if (isRelayPath(path)) {
    const format = clientFormatOf(path);
    if (format) return reply.status(status).send(format.errorBody(status, { message, type: '', code }));
    const type = status >= 500 ? 'new_api_error' : 'invalid_request_error';
    return reply.status(status).send({ error: { message, type, param: '', code } });
  }
  const wire = isManagementPath(path) ? managementStatus(status, key) : status;
  return reply.status(wire).send({ success: false, message });
}

function fastifyErrorKey(err: FastifyError): { status: number; key: MessageKey } | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, key: 'common.invalidJsonBody' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, key: 'common.bodyTooLarge' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, key: 'common.unsupportedMediaType' };
    default:
      if (err instanceof SyntaxError) return { status: 400, key: 'common.invalidJsonBody' };
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return { status: err.statusCode, key: 'common.invalidParams' };
      }
      return undefined;
  }
}

/** One place turns every thrown error into a response; clients never see a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLang(req);
    if (error instanceof AppError) {
      if (error.status === 429) reply.header('Retry-After', String(error.params.retryAfter ?? 60));
      const message = translate(error.key, lang, error.params);
      return sendFailure(req, reply, error.status, message, error.code, error.key);
    }
    if (error instanceof ZodError)
      return sendFailure(req, reply, 400, formatZodError(error, lang), 'bad_request');
    const known = fastifyErrorKey(error);
    if (known) return sendFailure(req, reply, known.status, translate(known.key, lang));
    req.log.error({ err: error }, 'unhandled error');
    return sendFailure(req, reply, 500, translate('common.internalError', lang), 'internal');
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // new-api's exact body for unknown API paths, so clients that parse it keep working.
    return reply.status(404).send({
      error: {
        message: `Invalid URL (${req.method} ${path})`,
        type: 'invalid_request_error',
        param: '',
        code: '',
      },
    });
  });
}
