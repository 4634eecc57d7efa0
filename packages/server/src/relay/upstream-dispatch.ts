import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { errors, util, type Dispatcher } from 'undici';
import { ClientGone, type CancelSignal } from './client-gone.js';

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
