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
    res.once('close', () => {
      if (res.writableFinished) return;
      this.aborted = true;
      this.onAbort?.();
      this.emit('abort');
    });
  }
}
