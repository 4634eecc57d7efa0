import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

/** What the relay asks of a request's cancellation signal; an AbortSignal is one too. */
export interface CancelSignal {
  readonly aborted: boolean;
}

/**
 * Emits `abort` once when the client's connection closes before its response is finished, which cancels the
 * upstream call: undici takes an EventEmitter as a request's signal. A per-request AbortController (an
 * EventTarget, with its listener bookkeeping) cost about 2 % of the relay's CPU at c=64.
 */
export class ClientGone extends EventEmitter implements CancelSignal {
  aborted = false;
  /**
   * One canceller outside the emitter's bookkeeping, for the buffered upstream call every non-streamed chat
   * request makes: `once` and `removeListener` per request showed in the relay's profile.
   */
  onAbort: (() => void) | undefined = undefined;

  constructor(res: ServerResponse) {
    super();
    // A plain listener with the signal on the response, not `once` and a closure: 'close' comes once anyway,
    // and this runs for every relay request.
    (res as WatchedResponse)[GONE] = this;
    res.on('close', onClose);
  }

  /** The client left before its answer was finished. */
  fire(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.onAbort?.();
    this.emit('abort');
  }
}

const GONE = Symbol('clientGone');
type WatchedResponse = ServerResponse & { [GONE]?: ClientGone };

function onClose(this: WatchedResponse): void {
  if (!this.writableFinished) this[GONE]?.fire();
}
