import { z } from 'zod';

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
  /** Always true: the playground only streams (the SDK sends it whatever is given). */
  stream: z.literal(true).optional(),
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
