import { msg } from '@switchboard/sdk';
import { z } from 'zod';
import { bool, model, num, object, str, strings, tokens } from '../../core/request-fields.js';

/** The fields each block type must carry (the converters read them). */
const REQUIRED: Record<string, readonly string[]> = {
  text: ['text'],
  image: ['source'],
  thinking: ['thinking'],
  redacted_thinking: ['data'],
  tool_use: ['id', 'name'],
  tool_result: ['tool_use_id'],
};

const source = z.looseObject({
  type: str,
  media_type: str.nullish(),
  data: str.nullish(),
  url: str.nullish(),
});

/** A content block; types the relay does not read (document, server tool results, …) pass with their `type`. */
const block = z
  .looseObject({
    type: str,
    text: str.optional(),
    source: source.optional(),
    thinking: str.optional(),
    data: str.optional(),
    id: str.optional(),
    name: str.optional(),
    tool_use_id: str.optional(),
    content: z.union([str, z.array(z.looseObject({ type: str, text: str.optional() }))]).nullish(),
    is_error: bool.nullish(),
  })
  .superRefine((b, ctx) => {
    for (const field of REQUIRED[b.type] ?? [])
      if ((b as Record<string, unknown>)[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `required for a ${b.type} block` });
  });

const message = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([str, z.array(block)]),
});

/** Claude's Messages body (`/v1/messages`), as Anthropic's API types it; unknown fields pass through. */
export const ClaudeRequestSchema = z.looseObject({
  model,
  messages: z.array(message, { error: msg('relay.messagesRequired') }).min(1, msg('relay.messagesRequired')),
  max_tokens: tokens.nullish(),
  system: z.union([str, z.array(z.looseObject({ type: str, text: str }))]).nullish(),
  temperature: num.nullish(),
  top_p: num.nullish(),
  top_k: num.nullish(),
  stop_sequences: strings.nullish(),
  stream: bool.nullish(),
  tools: z
    .array(
      z.looseObject({
        name: str,
        description: str.nullish(),
        input_schema: object.nullish(),
        type: str.nullish(),
      }),
    )
    .nullish(),
  tool_choice: z
    .looseObject({ type: str, name: str.nullish(), disable_parallel_tool_use: bool.nullish() })
    .nullish(),
  thinking: z.looseObject({ type: str, budget_tokens: tokens.nullish() }).nullish(),
  metadata: z.looseObject({ user_id: str.nullish() }).nullish(),
});
