import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type RequestListener,
  type Server,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import inject from 'light-my-request';
import type { ConnectionLimits } from '../config.js';

/** Takes a request (true) or leaves it to Fastify (false), before anything of it has been read. */
export type RequestTaker = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Takes a request asking to upgrade its connection (WebSocket), with its socket and the bytes read past its
 * head (true), or leaves it (false): it is then answered as an ordinary request.
 */
export type UpgradeTaker = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/**
 * The server's one request handler: `first` takes the requests it serves (the relay's chat routes, set once the
 * relay is built: relay/entry/relay-listener.ts), Fastify's router the rest. A socket's requests come through
 * it (Fastify's `serverFactory`), and so do requests injected in process (tests, mock-server): Fastify's own
 * `app.inject` would go straight to its router, where the same chat routes are served the Fastify way.
 */
export class FrontDoor {
  first: RequestTaker | undefined = undefined;
  /** The relay's WebSocket routes (relay/entry/realtime-upgrade.ts), set once the relay is built. */
  upgrade: UpgradeTaker | undefined = undefined;

  constructor(private readonly limits: ConnectionLimits) {}

  /**
   * For Fastify's `serverFactory`: the HTTP server, handing each request to `first`, then to `fastify`. Node
   * gives a request with an `Upgrade` header to the `upgrade` event instead, once anything listens there: those
   * `upgrade` does not take are answered by the same handler, as they were before (a GET asking for a
   * WebSocket where there is none gets what the GET gets, on a connection then closed).
   */
  readonly serverFactory = (fastify: RequestListener): Server => {
    const handle: RequestListener = (req, res) => {
      if (!this.first?.(req, res)) fastify(req, res);
    };
    const server = createFrontDoor(this.limits, handle);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!this.upgrade?.(req, socket, head)) answerOnSocket(req, socket, handle);
    });
    return server;
  };

  /** One request in process, through the same handler as a socket's, once `app` is ready. */
  inject(app: FastifyInstance, opts: InjectOptions | string): Promise<LightMyRequestResponse> {
    return inject((req, res) => {
      app.ready((err) => {
        if (err) res.emit('error', err);
        else if (!this.first?.(req, res)) app.routing(req, res);
      });
    }, opts);
  }
}

/**
 * Answers a request whose socket Node has already handed over (an upgrade request): a response written straight
 * to the socket, which closes after it. Nothing past the request's head is read.
 */
export function answerOnSocket(req: IncomingMessage, socket: Duplex, handle: RequestListener): void {
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Socket);
  res.on('finish', () => {
    res.detachSocket(socket as Socket);
    socket.end();
  });
  socket.on('error', () => socket.destroy());
  handle(req, res);
}

/**
 * The HTTP server every request comes in through, bounded in the request-reading phase only. Node's own
 * deadlines do exactly that: `headersTimeout` for the headers and `requestTimeout` for the whole request are
 * checked only until a request has been read in full (then its connection leaves Node's list of requests in
 * progress), so an answer streamed for minutes is never cut; between requests `keepAliveTimeout` closes idle
 * connections. The socket's own inactivity timeout stays off: a stream waiting on a slow upstream is quiet in
 * both directions, not idle. A client past a deadline gets Node's 408 and the connection is closed.
 */
export function createFrontDoor(limits: ConnectionLimits, listener: RequestListener): Server {
  const deadlines = [limits.headersTimeoutMs, limits.requestTimeoutMs].filter((ms) => ms > 0);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests every 30 s by default: a deadline would be overrun by up to that.
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(...deadlines) / 4))),
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(0);
  if (limits.perAddress > 0) boundPerAddress(server, limits.perAddress);
  return server;
}

/**
 * At most `max` open connections per client address; one more is closed as it opens, before anything of it
 * is read. Counted per connection, not per request, so keep-alive traffic costs nothing here.
 */
function boundPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  const release = (address: string) => {
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => release(address));
  });
}
