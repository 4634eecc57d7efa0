import WebSocket from 'ws';
import type { OpenSocket } from '../upstream/upstream-socket.js';
import { parseEvent, type RealtimeEvent } from './realtime-events.js';

/** Queued bytes past which the faster side is paused until the slower one has taken its share. */
const HIGH_WATER = 4 * 1024 * 1024;
const LOW_WATER = 1024 * 1024;

export interface PipeHooks {
  /** The upstream's first message. */
  first(): void;
  /** Each upstream event, after it was forwarded. */
  event(event: RealtimeEvent): void;
  /** The upstream closed (or its connection was lost). */
  closed(code: number, reason: string): void;
}

/**
 * The close code a client gets when the upstream closed with `code`: the same when it is one a peer may send;
 * a close without a code is normal; a lost connection is the server's error (1011).
 */
export function closeCodeAfter(code: number): number {
  if (code === 1005) return 1000;
  const sendable =
    (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
  return sendable ? code : 1011;
}

/** The reason of a close frame: at most 123 bytes of UTF-8. */
const reasonOf = (text: string): string => {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
};

/**
 * Two open WebSockets joined: what the upstream sends reaches the client as it came (text or binary), what the
 * client sends reaches the upstream, and a side that falls behind pauses the other (no unbounded buffering).
 */
export class RelayPipe {
  private gotFirst = false;

  private readonly upstream: WebSocket;

  constructor(
    private readonly client: WebSocket,
    open: OpenSocket,
    private readonly hooks: PipeHooks,
  ) {
    const upstream = (this.upstream = open.socket);
    upstream.on('message', (data, isBinary) => this.fromUpstream(data as Buffer, isBinary));
    upstream.on('close', (code, reason) => hooks.closed(code, reason.toString('utf8')));
    upstream.on('error', () => upstream.terminate());
    for (const { data, isBinary } of open.drain()) this.fromUpstream(data, isBinary);
    // Closed before anyone listened: its close event is gone too.
    if (upstream.readyState === WebSocket.CLOSED) queueMicrotask(() => hooks.closed(1006, ''));
  }

  toUpstream(text: string): void {
    if (this.upstream.readyState !== WebSocket.OPEN) return;
    this.upstream.send(text, () => this.resume(this.upstream, this.client));
    this.throttle(this.upstream, this.client);
  }

  private fromUpstream(data: Buffer, isBinary: boolean): void {
    if (!this.gotFirst) {
      this.gotFirst = true;
      this.hooks.first();
    }
    if (this.client.readyState === WebSocket.OPEN) {
      this.client.send(data, { binary: isBinary }, () => this.resume(this.client, this.upstream));
      this.throttle(this.client, this.upstream);
    }
    if (isBinary) return;
    const event = parseEvent(data.toString('utf8'));
    if (event) this.hooks.event(event);
  }

  /** `to` has too much queued: stop reading `from` for now. */
  private throttle(to: WebSocket, from: WebSocket): void {
    if (to.bufferedAmount > HIGH_WATER && !from.isPaused) from.pause();
  }

  private resume(to: WebSocket, from: WebSocket): void {
    if (from.isPaused && to.bufferedAmount < LOW_WATER) from.resume();
  }

  /** Closes the client with `code` and the upstream normally, whichever are still open. */
  close(code: number, reason: string): void {
    if (this.client.readyState === WebSocket.OPEN) this.client.close(code, reasonOf(reason));
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.close(1000);
    else if (this.upstream.readyState === WebSocket.CONNECTING) this.upstream.terminate();
  }
}
