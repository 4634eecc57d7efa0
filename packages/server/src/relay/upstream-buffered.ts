import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { errors, util, type Dispatcher, type Pool } from 'undici';
import { ClientGone, type CancelSignal } from './client-gone.js';

/** An upstream body already read whole, with the few ways the relay reads a body. */
export class BufferedBody implements AsyncIterable<Buffer> {
  constructor(private readonly bytes: Buffer) {}

  /** As undici's `text()`: UTF-8, a byte-order mark dropped. */
  text(): Promise<string> {
    return Promise.resolve(this.utf8());
  }

  /** The same, at once: the bytes are all here. */
  utf8(): string {
    const b = this.bytes;
    const start = b.length > 2 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
    return b.toString('utf8', start);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.bytes;
    return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    if (this.bytes.length) yield this.bytes;
  }
}

/** An answer read whole; its headers are parsed only when asked for (the chat pipeline never reads them). */
export class BufferedResponse {
  private parsed: IncomingHttpHeaders | undefined;

  constructor(
    readonly statusCode: number,
    private readonly rawHeaders: Buffer[],
    readonly body: BufferedBody,
  ) {}

  get headers(): IncomingHttpHeaders {
    return (this.parsed ??= util.parseHeaders(this.rawHeaders) as IncomingHttpHeaders);
  }
}

type Signal = CancelSignal & (AbortSignal | EventEmitter);

/**
 * Collects a whole answer straight from undici's dispatch callbacks: no body stream, no async resource and no
 * promise per chunk, which is what `pool.request` spends on an answer the relay reads whole anyway (a
 * non-streamed chat answer, whose usage is at its end).
 */
class BufferingHandler implements Dispatcher.DispatchHandlers {
  private statusCode = 0;
  private rawHeaders: Buffer[] = [];
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private abortRequest: ((err?: Error) => void) | undefined;
  private readonly onAbort = () => this.abortRequest?.(new errors.RequestAbortedError());

  constructor(
    private readonly signal: Signal,
    private readonly resolve: (res: BufferedResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {
    listen(signal, this.onAbort);
  }

  onConnect(abort: (err?: Error) => void): void {
    if (this.signal.aborted) abort(new errors.RequestAbortedError());
    else this.abortRequest = abort;
  }

  /** Also called for an informational answer (103 Early Hints): the final one comes after and overwrites it. */
  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    this.statusCode = statusCode;
    this.rawHeaders = rawHeaders;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    this.length += chunk.length;
    return true;
  }

  onComplete(): void {
    unlisten(this.signal, this.onAbort);
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.resolve(new BufferedResponse(this.statusCode, this.rawHeaders, new BufferedBody(bytes)));
  }

  onError(err: Error): void {
    unlisten(this.signal, this.onAbort);
    this.reject(err);
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

/** One upstream call on `pool`, its answer read whole before it resolves. */
export function requestBuffered(
  pool: Pool,
  opts: Pick<Dispatcher.DispatchOptions, 'path' | 'method' | 'headers' | 'body'>,
  signal: Signal,
): Promise<BufferedResponse> {
  if (signal.aborted) return Promise.reject(new errors.RequestAbortedError());
  return new Promise((resolve, reject) => {
    pool.dispatch(opts, new BufferingHandler(signal, resolve, reject));
  });
}
