import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { AppContext } from '../../context.js';
import { authenticate } from '../../http/auth.js';
import { keyOf } from './chat-routes.js';
import { clientFormatOf, sendRelayError } from './send-error.js';
import { closesUnreadBody } from '../core/exchange.js';
import type { RelayRuntime } from '../runtime.js';
import type { AdmittedCaller } from '../core/caller.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The relay key's caller, checked before the body was read (key-gate.ts); null on routes without one. */
    relayCaller: AdmittedCaller | null;
  }
}

const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Relay routes served by Fastify read a body of up to MAX_REQUEST_BODY_MB; their key is checked first, in
 * `onRequest`, so a missing, malformed, unknown or refused key is answered (in the route's client format)
 * without reading any of it. Applied to every `/v1` and `/v1beta` route that takes a body, including routes
 * added later. A cached key costs no promise here; an unknown one is looked up while the body waits unread.
 */
export function gateRelayBodies(app: FastifyInstance, rt: RelayRuntime): void {
  app.decorateRequest('relayCaller', null);
  app.addHook('onRoute', (route) => {
    if (!/^\/v1(beta)?\//.test(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => BODYLESS.has(method))) return;
    const format = clientFormatOf(route.url);
    const gate: onRequestHookHandler = (req, reply, done) => {
      let who: AdmittedCaller | Promise<AdmittedCaller>;
      try {
        who = rt.auth.authenticate(keyOf(req), req.ip);
      } catch (err) {
        return refuse(req, reply, err);
      }
      if (!(who instanceof Promise)) {
        req.relayCaller = who;
        return done();
      }
      who.then(
        (caller) => {
          req.relayCaller = caller;
          done();
        },
        (err: unknown) => refuse(req, reply, err),
      );
    };
    const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
      if (closesUnreadBody(req.headers)) reply.header('connection', 'close');
      void sendRelayError(req, reply, err, format);
    };
    route.onRequest = [...toList(route.onRequest), gate];
  });
}

/**
 * The playground (`/pg`) is for logged-in users, whom http/auth.ts checks before the handler, after the body
 * was read; here they are checked once more before it is, so no one else gets a body of MAX_REQUEST_BODY_MB
 * buffered. One more session lookup per playground request, which is typed by a person.
 */
export function loggedInFirst(ctx: AppContext): onRequestAsyncHookHandler {
  return async (req, reply) => {
    try {
      await authenticate(ctx, req, 'user');
    } catch (err) {
      if (closesUnreadBody(req.headers)) reply.header('connection', 'close');
      throw err;
    }
  };
}

function toList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
