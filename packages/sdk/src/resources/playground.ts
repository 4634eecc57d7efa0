import { z } from 'zod';
import type { RequestOptions } from '../core/http.js';
import { defineRoutes } from '../core/route.js';
import { Stream } from '../core/stream.js';
import { ApiResource } from './resource.js';

/** A chat message of the playground. */
export const PlaygroundMessageSchema = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  /** Text, or OpenAI content parts. */
  content: z.union([z.string(), z.array(z.unknown())]),
});

/** Body of `POST /pg/chat/completions`: an OpenAI chat request plus the relay `group`. Unknown keys pass through. */
export const PlaygroundChatParamsSchema = z.looseObject({
  model: z.string().trim().min(1),
  messages: z.array(PlaygroundMessageSchema).min(1),
  /** Relay group to bill in; the user's group when empty. */
  group: z.string().optional(),
  max_tokens: z.number().int().min(0).optional(),
  temperature: z.number().min(0).max(2).optional(),
});
/** Playground chat parameters; `stream` is always sent as true. */
export type PlaygroundChatParams = z.input<typeof PlaygroundChatParamsSchema>;

/** One `chat.completion.chunk` of the stream. Only the fields below are typed; the rest are kept. */
export const ChatCompletionChunkSchema = z.looseObject({
  id: z.string().optional(),
  object: z.string().optional(),
  created: z.number().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().optional(),
        delta: z
          .looseObject({
            role: z.string().optional(),
            content: z.string().nullish(),
            reasoning_content: z.string().nullish(),
          })
          .optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  /** Present on the last chunk when the server reports usage. */
  usage: z
    .looseObject({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() })
    .nullish(),
});
/** A streamed chat completion chunk. */
export type ChatCompletionChunk = z.output<typeof ChatCompletionChunkSchema>;

/** Routes of `client.playground`. */
export const PLAYGROUND_ROUTES = defineRoutes({
  chat: {
    method: 'POST',
    path: '/pg/chat/completions',
    summary: 'Stream a chat completion as the logged-in user',
    auth: 'user',
    envelope: 'sse',
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
