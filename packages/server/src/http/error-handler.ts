import { formatZodError, translate, type MessageKey } from '@switchboard/sdk';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors.js';
import { requestLang } from './language.js';
import { routePath } from './route-family.js';

/** A relay client format's error body (Claude's, Gemini's), when it is not OpenAI's. */
export interface ErrorShape {
  errorBody(status: number, error: { message: string; type: string; code: string }): unknown;
}

/**
 * The error shape of a relay path, for failures raised before its handler runs (a body too large, a bad
 * content type). The relay knows its paths' client formats and hands this over at registration (app.ts).
 */
export type ErrorShapeOf = (path: string) => ErrorShape | undefined;

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
  shapeOf: ErrorShapeOf = () => undefined,
) {
  const path = routePath(req);
  if (isRelayPath(path)) {
    const format = shapeOf(path);
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

/**
 * One place turns every thrown error into a response; clients never see a stack trace. Relay paths answer in
 * their client's error shape, as `shapeOf` tells.
 */
export function registerErrorHandling(app: FastifyInstance, shapeOf?: ErrorShapeOf): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const lang = requestLang(req);
    const fail = (status: number, message: string, code = '', key?: MessageKey) =>
      sendFailure(req, reply, status, message, code, key, shapeOf);
    if (error instanceof AppError) {
      if (error.status === 429) reply.header('Retry-After', String(error.params.retryAfter ?? 60));
      return fail(error.status, translate(error.key, lang, error.params), error.code, error.key);
    }
    if (error instanceof ZodError) return fail(400, formatZodError(error, lang), 'bad_request');
    const known = fastifyErrorKey(error);
    if (known) return fail(known.status, translate(known.key, lang));
    req.log.error({ err: error }, 'unhandled error');
    return fail(500, translate('common.internalError', lang), 'internal');
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
