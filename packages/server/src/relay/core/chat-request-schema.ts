import { msg } from '@switchboard/sdk';
import { z } from 'zod';
import { bool, count, model, num, object, str, strings, tokens } from './request-fields.js';

/**
 * OpenAI's chat-completions body, the relay's unified request: ChatRequest (providers/types.ts) is this
 * schema's output. Where the adapters read a field more narrowly than the schema checks it (`readAs`), the
 * narrower type is written here beside the check; the client formats' converters build exactly that shape.
 */

/**
 * The adapters' reading of a piece whose check is looser: a value outside `T` passes validation and reaches
 * them as the client sent it. Keeps each such gap visible at its field.
 */
const readAs = <T>(schema: z.ZodType): z.ZodType<T> => schema as z.ZodType<T>;

/**
 * An optional field that also takes null, as SDKs send it for "not given"; typed without the null, as the
 * adapters read it (a null reaches them as sent).
 */
const given = <S extends z.ZodType>(schema: S) => readAs<z.output<S>>(schema.nullable()).optional();

/** A prompt-caching breakpoint (Anthropic's, in LiteLLM's OpenAI-format spelling): the prefix up to here is cached. */
export type CacheControl = { type: 'ephemeral'; ttl?: string };

/** A content part the adapters read; other kinds (file, …) are passed on or skipped as they are. */
export type ContentPart =
  | { type: 'text'; text: string; cache_control?: CacheControl }
  | {
      type: 'image_url';
      image_url: { url: string; detail?: 'low' | 'high' | 'auto' };
      cache_control?: CacheControl;
    }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

/**
 * Claude's signed reasoning, kept verbatim (LiteLLM's `thinking_blocks`): Claude only accepts thinking back in
 * a later turn with the signature it issued, and redacted thinking only as the opaque `data` it sent.
 */
export type ThinkingBlock =
  { type: 'thinking'; thinking: string; signature?: string } | { type: 'redacted_thinking'; data: string };

export type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

export type ChatTool = {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
  cache_control?: CacheControl;
};

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
  content: z.union([str, z.array(readAs<ContentPart>(part))]).nullish(),
  name: given(str),
  tool_calls: z.array(readAs<ToolCall>(toolCall)).nullish(),
  tool_call_id: str.nullish(),
  /** Reasoning text (DeepSeek, Claude thinking, Gemini thoughts). */
  reasoning_content: given(str),
  /** An assistant turn's Claude thinking, sent back first in its Claude turn; passed on unchecked. */
  thinking_blocks: z.custom<ThinkingBlock[]>().optional(),
  /** A breakpoint on the message as a whole: it applies to the message's last content block. */
  cache_control: z.custom<CacheControl>().optional(),
});

const tool = z.looseObject({
  type: str,
  function: z.looseObject({ name: str, description: str.nullish(), parameters: object.nullish() }).optional(),
});

const toolChoice = z.union([str, z.looseObject({ type: str })]);
type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/**
 * OpenAI's chat-completions body (`/v1/chat/completions`, the playground): `model` and a non-empty `messages`
 * are required (new-api's invalid_text_request), every field the relay reads has its JSON type; unknown fields
 * pass through to OpenAI-compatible upstreams.
 */
export const ChatRequestSchema = z.looseObject({
  model,
  messages: z.array(message, { error: msg('relay.messagesRequired') }).min(1, msg('relay.messagesRequired')),
  stream: bool.nullish(),
  stream_options: z.looseObject({ include_usage: bool.nullish() }).nullish(),
  max_tokens: tokens.nullish(),
  max_completion_tokens: tokens.nullish(),
  temperature: given(num),
  top_p: given(num),
  top_k: given(num),
  presence_penalty: num.nullish(),
  frequency_penalty: num.nullish(),
  n: count.nullish(),
  stop: given(z.union([str, strings])),
  tools: z.array(readAs<ChatTool>(tool)).nullish(),
  tool_choice: given(readAs<ToolChoice>(toolChoice)),
  parallel_tool_calls: bool.nullish(),
  response_format: z.looseObject({ type: str }).nullish(),
  reasoning_effort: given(readAs<'low' | 'medium' | 'high' | 'minimal'>(str)),
  user: str.nullish(),
});
