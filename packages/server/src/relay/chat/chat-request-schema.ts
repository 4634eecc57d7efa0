import { msg } from '@switchboard/sdk';
import { z } from 'zod';
import { bool, count, model, num, object, str, strings, tokens } from '../core/request-fields.js';

/** A content part: text, an image, audio, or a kind the relay passes on without reading (file, …). */
const part = z
  .looseObject({
    type: str,
    text: str.optional(),
    image_url: z.looseObject({ url: str, detail: str.nullish() }).optional(),
    input_audio: z.looseObject({ data: str, format: str }).optional(),
  })
  .superRefine((p, ctx) => {
    // The converters read these fields for these types: without them the part means nothing.
    const needs = ({ text: 'text', image_url: 'image_url', input_audio: 'input_audio' } as const)[
      p.type as 'text'
    ];
    if (needs && p[needs] === undefined)
      ctx.addIssue({ code: 'custom', path: [needs], message: `required for a ${p.type} part` });
  });

const toolCall = z.looseObject({
  id: str.nullish(),
  type: str.nullish(),
  function: z.looseObject({ name: str, arguments: str.nullish() }),
});

const message = z.looseObject({
  role: str,
  content: z.union([str, z.array(part)]).nullish(),
  name: str.nullish(),
  tool_calls: z.array(toolCall).nullish(),
  tool_call_id: str.nullish(),
  reasoning_content: str.nullish(),
});

const tool = z.looseObject({
  type: str,
  function: z.looseObject({ name: str, description: str.nullish(), parameters: object.nullish() }).optional(),
});

/**
 * OpenAI's chat-completions body (`/v1/chat/completions`, the playground): `model` and a non-empty `messages`
 * are required (new-api's invalid_text_request), every field the relay reads has its JSON type.
 */
export const ChatRequestSchema = z.looseObject({
  model,
  messages: z.array(message, { error: msg('relay.messagesRequired') }).min(1, msg('relay.messagesRequired')),
  stream: bool.nullish(),
  stream_options: z.looseObject({ include_usage: bool.nullish() }).nullish(),
  max_tokens: tokens.nullish(),
  max_completion_tokens: tokens.nullish(),
  temperature: num.nullish(),
  top_p: num.nullish(),
  top_k: num.nullish(),
  presence_penalty: num.nullish(),
  frequency_penalty: num.nullish(),
  n: count.nullish(),
  stop: z.union([str, strings]).nullish(),
  tools: z.array(tool).nullish(),
  tool_choice: z.union([str, z.looseObject({ type: str })]).nullish(),
  parallel_tool_calls: bool.nullish(),
  response_format: z.looseObject({ type: str }).nullish(),
  reasoning_effort: str.nullish(),
  user: str.nullish(),
});
