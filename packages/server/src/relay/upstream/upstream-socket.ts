import WebSocket from 'ws';
import type { RealtimeTarget } from '../providers/openai/realtime.js';

/** An upstream that answered the WebSocket handshake with an HTTP status instead of a 101. */
export class HandshakeRefused extends Error {
  constructor(
    readonly status: number,
    /** The answer's body: JSON when it was JSON, else its text (bounded). */
    readonly body: unknown,
  ) {
    super(`upstream refused the WebSocket handshake with ${status}`);
  }
}

/** Bytes of a refusal's body kept for its error message. */
const MAX_REFUSAL_BYTES = 64 * 1024;

export interface DialOptions {
  /** How long the handshake may take. */
  timeoutMs: number;
  /** The largest message accepted from the upstream. */
  maxPayload: number;
  /** Aborts the dial (the client left meanwhile). */
  signal: AbortSignal;
}

/** A message as ws reports it. */
export interface SocketMessage {
  data: Buffer;
  isBinary: boolean;
}

/** An open upstream socket, and what it sent before anyone listened. */
export interface OpenSocket {
  socket: WebSocket;
  /**
   * The messages received since the socket opened (an upstream may speak first, in the same packet as its
   * handshake, before a caller awaiting the dial can listen); collecting stops here.
   */
  drain(): SocketMessage[];
}

/**
 * Opens a WebSocket to an upstream. Resolves once it is open; rejects with {@link HandshakeRefused} when the
 * upstream answers with a status (its body kept for the error), or with the transport's error.
 */
export function dialUpstream(target: RealtimeTarget, opts: DialOptions): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, target.protocols, {
      headers: target.headers,
      handshakeTimeout: opts.timeoutMs,
      maxPayload: opts.maxPayload,
      perMessageDeflate: false,
      followRedirects: false,
    });
    const abort = () => {
      socket.terminate();
      reject(new Error('aborted'));
    };
    opts.signal.addEventListener('abort', abort, { once: true });
    const settle = () => opts.signal.removeEventListener('abort', abort);
    const early: SocketMessage[] = [];
    const collect = (data: WebSocket.RawData, isBinary: boolean) =>
      early.push({ data: data as Buffer, isBinary });
    socket.on('message', collect);
    socket.once('open', () => {
      settle();
      resolve({
        socket,
        drain: () => {
          socket.off('message', collect);
          return early.splice(0);
        },
      });
    });
    // Kept for the socket's life: ws may report a destroyed refusal as an error too, and an unheard 'error'
    // event would throw. Later errors end the session through its close event.
    socket.on('error', (err) => {
      settle();
      reject(err);
    });
    socket.once('unexpected-response', (req, res) => {
      settle();
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_REFUSAL_BYTES) parts.push(chunk);
        size += chunk.length;
      });
      const done = () => {
        req.destroy();
        const text = Buffer.concat(parts).toString('utf8').slice(0, MAX_REFUSAL_BYTES);
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: the text is the message.
        }
        reject(new HandshakeRefused(res.statusCode ?? 502, body));
      };
      res.once('end', done);
      res.once('error', done);
    });
  });
}
