import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newRequestId, REQUEST_ID_HEADER } from '../../http/request-id.js';
import type { RelayTrack } from '../../observe/relay-track.js';

/**
 * One relay request as the chat pipeline sees it: the raw response it writes to, and the few facts of the
 * request it needs. The hot routes build it straight from Node's request (relay-listener.ts); the routes still
 * served by Fastify build it from Fastify's request, so both answer through the same code.
 */
export interface RelayExchange {
  res: ServerResponse;
  /** new-api's request id, also sent as X-Oneapi-Request-Id. */
  id: string;
  headers: IncomingHttpHeaders;
  ip: string;
  /** Query parameters (Gemini clients send `?key=`). */
  query: Record<string, string | undefined>;
  log(err: unknown, what: string): void;
  /** The request's metrics and span, when observing. */
  track?: RelayTrack;
}

/** From a Fastify route: the reply is hijacked so the pipeline owns the raw response, as on the raw path. */
export function exchangeOf(req: FastifyRequest, reply: FastifyReply): RelayExchange {
  hijack(reply);
  const ex: RelayExchange = {
    res: reply.raw,
    id: req.id,
    headers: req.headers,
    ip: req.ip,
    query: (req.query ?? {}) as Record<string, string | undefined>,
    log: (err, what) => req.log.error({ err }, what),
  };
  if (req.relayTrack) ex.track = req.relayTrack;
  return ex;
}

/** The request id a relay answer carries, sent by {@link writeHead}. */
const REQUEST_ID = Symbol('requestId');
type IdentifiedResponse = ServerResponse & { [REQUEST_ID]?: string };

/**
 * Takes the raw response over from Fastify, whose own headers (the request id among them) are then never
 * sent: {@link writeHead} sends the id instead.
 */
export function hijack(reply: FastifyReply): void {
  reply.hijack();
  (reply.raw as IdentifiedResponse)[REQUEST_ID] = reply.request.id;
}

/** The client's address: X-Forwarded-For names it only behind a trusted proxy (TRUST_PROXY). */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  return (typeof forwarded === 'string' && forwarded.split(',')[0]!.trim()) || req.socket.remoteAddress || '';
}

/** From Node's request, its client's address by {@link clientIp}. */
export function rawExchange(
  req: IncomingMessage,
  res: ServerResponse,
  query: Record<string, string | undefined>,
  trustProxy: boolean,
): RelayExchange {
  const id = newRequestId();
  (res as IdentifiedResponse)[REQUEST_ID] = id;
  return {
    res,
    id,
    headers: req.headers,
    ip: clientIp(req, trustProxy),
    query,
    log: (err, what) => console.error(`switchboard: ${what} (request id ${id}):`, err),
  };
}

/**
 * The status line and headers (names and values in turn) of a relay answer, with its request id. Measured per
 * answer: a setHeader for the id, then writeHead with an object, 7 µs; an object spread with the id, 10 µs; a
 * list, 3 µs (Node takes it as it is when no header was set before).
 */
export function writeHead(res: ServerResponse, status: number, headers: readonly string[]): void {
  const id = (res as IdentifiedResponse)[REQUEST_ID];
  res.writeHead(status, id === undefined ? (headers as string[]) : [...headers, REQUEST_ID_HEADER, id]);
}

/** Bodies up to this size are read and dropped after an early answer, so their connection stays usable. */
const DRAIN_LIMIT = 64 * 1024;

/**
 * Whether a request answered before its body was read (a refused key, a body declared too large) should have
 * its connection closed: Node would otherwise read the rest of a large or chunked body, only to drop it.
 */
export function closesUnreadBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (
    headers['transfer-encoding'] !== undefined || (length !== undefined && !(Number(length) <= DRAIN_LIMIT))
  );
}

/** A JSON answer written in one go; `body` is sent as is when it is already JSON text. */
export function sendJson(res: ServerResponse, status: number, body: unknown, contentType?: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  writeHead(res, status, [
    'content-type',
    contentType ?? 'application/json; charset=utf-8',
    'content-length',
    String(Buffer.byteLength(text)),
  ]);
  res.end(text);
}
