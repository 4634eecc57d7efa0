import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { Stream } from '../core/stream.js';
import {
  ChatCompletionChunkSchema,
  PlaygroundChatParamsSchema,
  type ChatCompletionChunk,
  type PlaygroundChatParams,
} from '../schemas/playground.js';
import { ApiResource } from './resource.js';

// Re-exported for existing imports; the schemas live in schemas/playground.ts.
export {
  ChatCompletionChunkSchema,
  PlaygroundChatParamsSchema,
  PlaygroundMessageSchema,
  type ChatCompletionChunk,
  type PlaygroundChatParams,
} from '../schemas/playground.js';

/** Routes of `client.playground`. */
export const PLAYGROUND_ROUTES = defineRoutes({
  chat: {
    method: 'POST',
    path: '/pg/chat/completions',
    summary: 'Stream a chat completion as the logged-in user',
    auth: 'user',
    envelope: 'sse',
    body: PlaygroundChatParamsSchema,
    response: ChatCompletionChunkSchema,
  },
});

const R = PLAYGROUND_ROUTES;

/** The chat playground: no token needed, billed to the logged-in user (session login; access tokens are refused). */
export class PlaygroundResource extends ApiResource {
  /**
   * Streams a chat completion. Resolves once the server accepted the request (a non-2xx status
   * rejects with its `ApiError`); then `for await` the chunks. An `{error}` event throws `StreamError`;
   * aborting `options.signal` or calling `stream.abort()` ends the loop quietly.
   */
  async chat(params: PlaygroundChatParams, options?: RequestOptions): Promise<Stream<ChatCompletionChunk>> {
    const body = { ...this.check(PlaygroundChatParamsSchema, params), stream: true };
    const controller = new AbortController();
    const outer = options?.signal;
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', () => controller.abort(), { once: true });
    const { response } = await this.http.send(
      R.chat,
      { body, options: { ...options, signal: controller.signal } },
      true,
    );
    return new Stream(response, controller, (chunk) => this.parse(ChatCompletionChunkSchema, chunk));
  }
}
