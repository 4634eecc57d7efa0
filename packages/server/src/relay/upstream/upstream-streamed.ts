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

/**
 * Whether to go on reading after a chunk: true to go on, false to stop (the body is destroyed, so its
 * connection is not reused), or a promise of either while reading waits.
 */
export type ChunkVerdict = boolean | Promise<boolean>;

/** What is held for a reader that has not started yet before the upstream is paused, as a Readable's buffer. */
const HIGH_WATER = 64 * 1024;

interface Reader {
  each(chunk: Buffer): ChunkVerdict;
  resolve(): void;
  reject(err: Error): void;
}

interface Upstream {
  /** Lets a paused upstream go on (undici's parser resume). */
  resume(): void;
  cancel(): void;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * A streamed answer fed straight from undici's dispatch callbacks: each chunk goes to its one reader as the
 * parser hands it over, with no Readable, no async resource and no tick in between. That path to the first
 * token is a streamed chat's added latency. It is read once: through {@link read} (readChunks), `text`,
 * `arrayBuffer` or async iteration. Chunks that came before a failure are read before the failure is.
 */
export class StreamedBody implements AsyncIterable<Buffer> {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private ended = false;
  private failure: Error | undefined;
  private reader: Reader | undefined;
  /** The reader answered a chunk with a promise: later chunks wait for it. */
  private waiting = false;
  /** The upstream was told to pause and needs a resume. */
  private paused = false;
  private finished = false;

  constructor(private readonly upstream: Upstream) {}

  /** A chunk from the upstream; false pauses it. */
  push(chunk: Buffer): boolean {
    if (this.finished) return false;
    if (this.reader && !this.waiting && this.held.length === 0) this.deliver(chunk);
    else {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
    }
    const go = !this.finished && !this.waiting && (this.reader !== undefined || this.heldBytes < HIGH_WATER);
    if (!go) this.paused = true;
    return go;
  }

  end(): void {
    this.ended = true;
    this.settle();
  }

  fail(err: Error): void {
    this.failure ??= err;
    this.settle();
  }

  /**
   * Hands every chunk to `each` as it arrives (see ChunkVerdict); settles at the end of the answer or when
   * `each` stops it, rejects with the upstream's failure or with what `each` threw.
   */
  read(each: (chunk: Buffer) => ChunkVerdict): Promise<void> {
    if (this.reader) return Promise.reject(new Error('the upstream answer is already being read'));
    return new Promise((resolve, reject) => {
      this.reader = { each, resolve, reject };
      this.pump();
    });
  }

  /** Stops reading: the rest of the answer is not wanted, and the connection is not reused. */
  destroy(): void {
    if (this.finished) return;
    this.finish();
    this.upstream.cancel();
  }

  async text(): Promise<string> {
    return utf8(await this.bytes());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return arrayBufferOf(await this.bytes());
  }

  /** For bodies that are not SSE text (Bedrock's event stream): one chunk per step, the upstream waiting. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    const ready: Buffer[] = [];
    let next: ((go: boolean) => void) | undefined;
    let wake: (() => void) | undefined;
    let over = false;
    let failure: Error | undefined;
    const poke = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };
    this.read((chunk) => {
      ready.push(chunk);
      poke();
      return new Promise<boolean>((resolve) => (next = resolve));
    }).then(
      () => ((over = true), poke()),
      (err: Error) => ((over = true), (failure = err), poke()),
    );
    try {
      for (;;) {
        const chunk = ready.shift();
        if (chunk) {
          yield chunk;
          const go = next;
          next = undefined;
          go?.(true);
        } else if (over) {
          if (failure) throw failure;
          return;
        } else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      if (!over) this.destroy();
    }
  }

  private async bytes(): Promise<Buffer> {
    const parts: Buffer[] = [];
    await this.read((chunk) => {
      parts.push(chunk);
      return true;
    });
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Hands held chunks to the reader until it waits or they run out; then ends, or lets the upstream go on. */
  private pump(): void {
    while (!this.finished && !this.waiting && this.held.length) {
      const chunk = this.held.shift()!;
      this.heldBytes -= chunk.length;
      this.deliver(chunk);
    }
    if (this.finished || this.waiting) return;
    this.settle();
    if (!this.finished && this.paused) {
      this.paused = false;
      this.upstream.resume();
    }
  }

  private deliver(chunk: Buffer): void {
    let verdict: ChunkVerdict;
    try {
      verdict = this.reader!.each(chunk);
    } catch (err) {
      return this.stop(asError(err));
    }
    if (verdict === true) return;
    if (verdict === false) return this.stop();
    this.waiting = true;
    verdict.then(
      (go) => {
        this.waiting = false;
        if (go) this.pump();
        else this.stop();
      },
      (err: unknown) => {
        this.waiting = false;
        this.stop(asError(err));
      },
    );
  }

  private settle(): void {
    if (this.finished || !this.reader || this.waiting || this.held.length) return;
    if (this.failure) this.finish(this.failure);
    else if (this.ended) this.finish();
  }

  /** The reader said stop, or threw. */
  private stop(err?: Error): void {
    this.finish(err);
    // Not from inside undici's parser, which is what calls push.
    queueMicrotask(() => this.upstream.cancel());
  }

  private finish(err?: Error): void {
    if (this.finished) return;
    this.finished = true;
    this.held = [];
    this.heldBytes = 0;
    if (err) this.reader?.reject(err);
    else this.reader?.resolve();
  }
}

export type StreamedResponse = DispatchedResponse<StreamedBody>;

/** Resolves at the answer's headers with a body that is read as it comes. */
class StreamingHandler extends CancellableHandler {
  private body: StreamedBody | undefined;

  constructor(
    signal: Signal,
    private readonly resolve: (res: StreamedResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {
    super(signal);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    // An informational answer (103 Early Hints): the final one follows.
    if (statusCode < 200) return true;
    this.body = new StreamedBody({ resume, cancel: () => this.cancel() });
    this.resolve(new DispatchedResponse(statusCode, rawHeaders, this.body));
    return true;
  }

  onData(chunk: Buffer): boolean {
    return this.body!.push(chunk);
  }

  onComplete(): void {
    this.settled();
    this.body!.end();
  }

  onError(err: Error): void {
    this.settled();
    if (this.body) this.body.fail(err);
    else this.reject(err);
  }
}

/** One upstream call on `pool`, resolved at the answer's headers; its body is read as it comes. */
export const requestStreamed = (
  pool: Pool,
  opts: DispatchRequest,
  signal: Signal,
): Promise<StreamedResponse> => dispatchOn(pool, opts, signal, StreamingHandler);
