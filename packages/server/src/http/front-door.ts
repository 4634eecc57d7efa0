import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.js';

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
