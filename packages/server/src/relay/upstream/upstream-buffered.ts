import type { Pool } from 'undici';
import {
  arrayBufferOf,
  CancellableHandler,
  dispatchOn,
  type DispatchRequest,
  DispatchedResponse,
  utf8,
  type Signal,
} from './upstream-dispatch.js';

export type BufferedResponse = DispatchedResponse<BufferedBody>;

/** An upstream body already read whole, with the few ways the relay reads a body. */
export class BufferedBody implements AsyncIterable<Buffer> {
  constructor(private readonly bytes: Buffer) {}

  /** As undici's `text()`: UTF-8, a byte-order mark dropped. */
  text(): Promise<string> {
    return Promise.resolve(this.utf8());
  }

  /** The same, at once: the bytes are all here. */
  utf8(): string {
    return utf8(this.bytes);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(arrayBufferOf(this.bytes));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    if (this.bytes.length) yield this.bytes;
  }
}

/**
 * Collects a whole answer straight from undici's dispatch callbacks, for an answer the relay reads whole anyway
 * (a non-streamed chat answer, whose usage is at its end).
 */
class BufferingHandler extends CancellableHandler {
  private statusCode = 0;
  private rawHeaders: Buffer[] = [];
  private readonly chunks: Buffer[] = [];
  private length = 0;

  constructor(
    signal: Signal,
    private readonly resolve: (res: BufferedResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {
    super(signal);
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
    this.settled();
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.resolve(new DispatchedResponse(this.statusCode, this.rawHeaders, new BufferedBody(bytes)));
  }

  onError(err: Error): void {
    this.settled();
    this.reject(err);
  }
}

/** One upstream call on `pool`, its answer read whole before it resolves. */
export const requestBuffered = (
  pool: Pool,
  opts: DispatchRequest,
  signal: Signal,
): Promise<BufferedResponse> => dispatchOn(pool, opts, signal, BufferingHandler);
