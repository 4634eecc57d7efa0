import { EventEmitter } from 'node:events';
import type { CancelSignal } from '../core/client-gone.js';
import type { Signal } from './upstream-dispatch.js';

/**
 * `RELAY_TIMEOUT`: one upstream call's signal, fired when the client goes away or when the call, its body
 * included, has taken `ms` (Go's `http.Client.Timeout`, which new-api sets from it). The timer stops once the
 * call has let go of the signal, so a finished call costs nothing more.
 */
export class Deadline extends EventEmitter implements CancelSignal {
  aborted = false;
  /** The time ran out (rather than the client leaving). */
  expired = false;
  private readonly timer: NodeJS.Timeout;

  constructor(parent: Signal, ms: number) {
    super();
    const fire = () => {
      if (this.aborted) return;
      this.aborted = true;
      clearTimeout(this.timer);
      this.emit('abort');
    };
    this.timer = setTimeout(() => {
      this.expired = true;
      fire();
    }, ms);
    if (parent.aborted) fire();
    else if ('addEventListener' in parent) parent.addEventListener('abort', fire, { once: true });
    else parent.once('abort', fire);
    // undici and the dispatch handlers remove their listener when the call is over, body read or failed.
    this.on('removeListener', (event) => {
      if (event === 'abort' && this.listenerCount('abort') === 0) clearTimeout(this.timer);
    });
  }
}
