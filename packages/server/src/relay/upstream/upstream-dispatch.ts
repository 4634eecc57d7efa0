import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { errors, util, type Dispatcher, type Pool } from 'undici';
import { ClientGone, type CancelSignal } from '../core/client-gone.js';

export type Signal = CancelSignal & (AbortSignal | EventEmitter);

/**
 * What every dispatch handler of the relay shares: the client's going away cancels the upstream call. The
 * handlers talk to undici's `dispatch` directly, which costs no body stream, async resource or promise per
 * chunk, unlike `pool.request`.
 */
export abstract class CancellableHandler implements Dispatcher.DispatchHandlers {
  private abortRequest: ((err?: Error) => void) | undefined;
  private readonly onAbort = () => this.cancel(new errors.RequestAbortedError());

  constructor(private readonly signal: Signal) {
    listen(signal, this.onAbort);
  }

  onConnect(abort: (err?: Error) => void): void {
    if (this.signal.aborted) abort(new errors.RequestAbortedError());
    else this.abortRequest = abort;
  }

  /** Ends the upstream call (its connection is not reused); nothing once it has completed or failed. */
  cancel(err: Error = new errors.RequestAbortedError()): void {
    this.abortRequest?.(err);
  }

  /** The call is over: the client's going away no longer concerns it. */
  protected settled(): void {
    this.abortRequest = undefined;
    unlisten(this.signal, this.onAbort);
  }
}

function listen(s: Signal, f: () => void): void {
  if (s instanceof ClientGone) s.onAbort = f;
  else if ('addEventListener' in s) s.addEventListener('abort', f, { once: true });
  else s.once('abort', f);
}

function unlisten(s: Signal, f: () => void): void {
  if (s instanceof ClientGone) {
    if (s.onAbort === f) s.onAbort = undefined;
  } else if ('removeEventListener' in s) s.removeEventListener('abort', f);
  else s.removeListener('abort', f);
}

/** An upstream answer from a dispatch handler; its headers are parsed only when asked for (chats never do). */
export class DispatchedResponse<Body> {
  private parsed: IncomingHttpHeaders | undefined;

  constructor(
    readonly statusCode: number,
    private readonly rawHeaders: Buffer[],
    readonly body: Body,
  ) {}

  get headers(): IncomingHttpHeaders {
    return (this.parsed ??= util.parseHeaders(this.rawHeaders) as IncomingHttpHeaders);
  }
}

/** What a dispatch handler is built from: the call's signal and the promise it settles. */
type HandlerClass<Res> = new (
  signal: Signal,
  resolve: (res: Res) => void,
  reject: (err: Error) => void,
) => Dispatcher.DispatchHandlers;

export type DispatchRequest = Pick<Dispatcher.DispatchOptions, 'path' | 'method' | 'headers' | 'body'>;

/** One upstream call on `pool`, answered through `Handler`; refused at once when the client has gone. */
export function dispatchOn<Res>(
  pool: Pool,
  opts: DispatchRequest,
  signal: Signal,
  Handler: HandlerClass<Res>,
): Promise<Res> {
  if (signal.aborted) return Promise.reject(new errors.RequestAbortedError());
  return new Promise((resolve, reject) => {
    pool.dispatch(opts, new Handler(signal, resolve, reject));
  });
}

/** As undici's `text()`: UTF-8, a byte-order mark dropped. */
export function utf8(b: Buffer): string {
  const start = b.length > 2 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  return b.toString('utf8', start);
}

export const arrayBufferOf = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
