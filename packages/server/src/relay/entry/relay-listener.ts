import type { IncomingMessage, ServerResponse } from 'node:http';
import secureJson from 'secure-json-parse';
import type { Config } from '../../config.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../http/json-body.js';
import { keyOf, serveChat, type ChatRoute } from './chat-routes.js';
import type { AdmittedCaller } from '../core/caller.js';
import { RelayError, relayError } from '../core/relay-error.js';
import { sendExchangeError } from './send-error.js';
import { closesUnreadBody, rawExchange, type RelayExchange } from '../core/exchange.js';
import type { TokenAuth } from '../callers/token-auth.js';
import type { RelayObserver } from '../../observe/relay-track.js';

/** Takes a request (true) or leaves it to Fastify (false), before anything of it has been read. */
export type RelayListener = (req: IncomingMessage, res: ServerResponse) => boolean;

const GEMINI_PREFIX = '/v1beta/models/';

/**
 * The chat routes straight on Node's HTTP server, ahead of Fastify: they are nearly all of a gateway's
 * traffic, and Fastify's routing, hooks, request and reply objects and serialisation cost as much CPU per
 * request as the relay's own work (see the profile in bench/). Only exact paths with a JSON body are taken;
 * anything else (a trailing slash, another content type, a Gemini target that needs decoding) goes on to the
 * same routes in Fastify, so each request is answered by one code path either way. The key is checked before
 * the body is read (synchronously when it is cached, as nearly every key is): a refused one is answered
 * without reading the body, and a large body then closes its connection unread.
 */
export function relayListener(
  chat: Record<'openai' | 'claude' | 'gemini', ChatRoute>,
  auth: Pick<TokenAuth, 'authenticate'>,
  config: Pick<Config, 'bodyLimit' | 'trustProxy'>,
  /** Metrics and traces, when on: each request taken is followed until its response closes. */
  observer?: RelayObserver,
): RelayListener {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const t0 = observer ? performance.now() : 0;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    let route: ChatRoute;
    let target = '';
    if (path === '/v1/chat/completions') route = chat.openai;
    else if (path === '/v1/messages') route = chat.claude;
    else if (path.startsWith(GEMINI_PREFIX) && /^[\w.:-]+$/.test(path.slice(GEMINI_PREFIX.length))) {
      route = chat.gemini;
      target = path.slice(GEMINI_PREFIX.length);
    } else return false;
    const type = req.headers['content-type'];
    if (type === undefined || !/^application\/json\s*(;|$)/i.test(type)) return false;
    const query = q < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
    const ex = rawExchange(req, res, query, config.trustProxy);
    if (observer)
      follow(observer, ex, route === chat.openai ? OPENAI : route === chat.claude ? CLAUDE : GEMINI, t0);
    let who: AdmittedCaller | Promise<AdmittedCaller>;
    try {
      who = auth.authenticate(keyOf(ex), ex.ip);
    } catch (err) {
      refuse(req, ex, err, route);
      return true;
    }
    if (who instanceof Promise) {
      who.then(
        (caller) => readAndServe(req, ex, route, caller, target, config.bodyLimit),
        (err: unknown) => refuse(req, ex, err, route),
      );
    } else readAndServe(req, ex, route, who, target, config.bodyLimit);
    return true;
  };
}

const OPENAI = '/v1/chat/completions';
const CLAUDE = '/v1/messages';
const GEMINI = '/v1beta/models/:target';

/**
 * Starts the request's track, under the route pattern Fastify would have matched. It is ended where the answer
 * is (a refusal in {@link refuse}, else when {@link serveParsed} is done): a `close` listener per response cost
 * more (its `once` wrapper and removal, about 1 % of the CPU at c=64).
 */
function follow(observer: RelayObserver, ex: RelayExchange, route: string, t0: number): void {
  ex.track = observer.start(route, ex.id, t0);
}

/** Ends the request's track: answered in full unless the client went away first. */
function finished(ex: RelayExchange): void {
  const res = ex.res;
  ex.track!.finish(res.statusCode, res.writableEnded && !res.destroyed);
}

/** A refusal before the body was read in full: a large rest is not read either, its connection is closed. */
function refuse(req: IncomingMessage, ex: RelayExchange, err: unknown, route: ChatRoute): void {
  if (closesUnreadBody(req.headers) && !ex.res.headersSent) ex.res.setHeader('connection', 'close');
  sendExchangeError(ex, err, route.format);
  if (ex.track) finished(ex);
}

function readAndServe(
  req: IncomingMessage,
  ex: RelayExchange,
  route: ChatRoute,
  caller: AdmittedCaller,
  target: string,
  limit: number,
): void {
  readBody(req, limit, (err, text) => {
    if (err !== undefined) return refuse(req, ex, err, route);
    const served = serveParsed(route, ex, caller, text, target);
    if (ex.track) void served.then(() => finished(ex));
  });
}

async function serveParsed(
  route: ChatRoute,
  ex: RelayExchange,
  caller: AdmittedCaller,
  text: string,
  target: string,
) {
  // Fastify's JSON rules, kept: an empty or malformed body, `__proto__` keys and absurd nesting are refused.
  let body: unknown;
  try {
    if (jsonTooDeep(text)) throw relayError(400, 'common.jsonTooDeep', { max: MAX_JSON_DEPTH });
    body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'ignore' });
  } catch (err) {
    return sendExchangeError(
      ex,
      err instanceof RelayError ? err : relayError(400, 'common.invalidJsonBody'),
      route.format,
    );
  }
  return serveChat(route, ex, caller, body, target);
}

type BodyDone = (err: unknown, text: string) => void;

/**
 * Hands the body as text to `done`, or refuses it past `limit` bytes (413) without reading the rest. A body
 * that came with its headers, as nearly every chat request's does, is all in the request's buffer by the next
 * tick and is taken with one read(): traced per step at c=1, flowing-mode events and a promise took ~40 µs
 * from the listener to the parsed body, one read() ~20.
 */
function readBody(req: IncomingMessage, limit: number, done: BodyDone): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return done(relayError(413, 'common.bodyTooLarge'), '');
  process.nextTick(() => {
    // `complete` comes later, after the parser's end of message: the declared length says it all came.
    if (req.readableLength !== declared) return readFlowing(req, limit, done);
    const body = req.read() as Buffer | null;
    done(undefined, body === null ? '' : body.toString());
  });
}

/** A body still arriving, chunk by chunk. */
function readFlowing(req: IncomingMessage, limit: number, done: BodyDone): void {
  const parts: Buffer[] = [];
  let size = 0;
  let over = false;
  const fail = (err: unknown) => {
    if (over) return;
    over = true;
    done(err, '');
  };
  req.on('data', (part: Buffer) => {
    size += part.length;
    if (size > limit) {
      // Stop reading; the answer closes the connection (a chunked body has no length to drain to).
      req.removeAllListeners('data');
      req.pause();
      return fail(relayError(413, 'common.bodyTooLarge'));
    }
    parts.push(part);
  });
  req.on('end', () => {
    if (over) return;
    over = true;
    done(undefined, parts.length === 1 ? parts[0]!.toString() : Buffer.concat(parts).toString());
  });
  req.on('error', fail);
}
