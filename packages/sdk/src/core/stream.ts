import { isRecord } from './envelope.js';
import { ConnectionError, SdkError, StreamError, messageOf } from './errors.js';
import { SseParser, type SseEvent } from './sse.js';

/** The marker that ends an OpenAI-style stream. */
export const DONE_MARKER = '[DONE]';

/**
 * A server-sent event stream of JSON chunks, readable once with `for await`.
 * It ends at `data: [DONE]` (or when the server closes), throws `StreamError` when an event
 * carries `{error: …}`, and ends quietly when aborted through the signal or `abort()`.
 */
export class Stream<T> implements AsyncIterable<T> {
  readonly #response: Response;
  readonly #controller: AbortController;
  readonly #parse: (chunk: unknown) => T;
  #consumed = false;

  constructor(response: Response, controller: AbortController, parse: (chunk: unknown) => T) {
    this.#response = response;
    this.#controller = controller;
    this.#parse = parse;
  }

  /** The HTTP response, for its status and headers. */
  get response(): Response {
    return this.#response;
  }

  /** Stops reading; a running `for await` loop ends without an error. */
  abort(): void {
    this.#controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    if (this.#consumed) throw new SdkError('A stream can only be read once');
    this.#consumed = true;
    const body = this.#response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        const events = done
          ? parser.feed(decoder.decode()).concat(parser.end())
          : parser.feed(decoder.decode(value, { stream: true }));
        for (const event of events) {
          if (event.data === DONE_MARKER) return;
          yield this.#parse(this.#decode(event));
        }
        if (done) return;
      }
    } catch (error) {
      if (this.#controller.signal.aborted) return;
      if (error instanceof SdkError) throw error;
      throw new ConnectionError('The stream was interrupted', { cause: error });
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  #decode(event: SseEvent): unknown {
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      throw this.#error(`Malformed stream event: ${event.data.slice(0, 200)}`, event.data);
    }
    if (
      event.event === 'error' ||
      (isRecord(json) && json['error'] !== undefined && json['error'] !== null)
    ) {
      throw this.#error(messageOf(json) ?? 'Stream error', json);
    }
    return json;
  }

  #error(message: string, body: unknown): StreamError {
    const { status, headers } = this.#response;
    return new StreamError({ status, message, body, headers });
  }
}
