import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ChatTool,
  ContentPart,
  FinishReason,
  ProviderError,
  ToolCall,
  Usage,
} from '../types.js';
import type {
  ClaudeContentBlock,
  ClaudeRequest,
  ClaudeResponse,
  ClaudeStopReason,
  ClaudeThinking,
  ClaudeToolChoice,
  ClaudeUsage,
} from './types.js';
import { validateBody } from '../../core/request-fields.js';
import { ClaudeRequestSchema } from './request-schema.js';

/** The client's `/v1/messages` side: Claude requests in, Claude responses out (the stream lives in ingress-stream.ts). */

function imagePart(block: Extract<ClaudeContentBlock, { type: 'image' }>): ContentPart {
  const s = block.source;
  const url = s.type === 'base64' ? `data:${s.media_type};base64,${s.data}` : s.url;
  return { type: 'image_url', image_url: { url } };
}

const blocksText = (content: string | ClaudeContentBlock[] | undefined): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');

/**
 * One Claude message → unified messages. A user turn's tool results become `tool` messages placed first, as
 * OpenAI wants them right after the assistant's tool calls; its other blocks follow as one user message.
 * Thinking blocks are dropped: only Claude can read them back, and Claude channels get the client's own body.
 */
function toUnifiedMessages(
  role: 'user' | 'assistant',
  content: string | ClaudeContentBlock[],
): ChatMessage[] {
  if (typeof content === 'string') return [{ role, content }];
  if (role === 'assistant') {
    const text = content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    const calls = content.flatMap((b): ToolCall[] =>
      b.type === 'tool_use'
        ? [
            {
              id: b.id,
              type: 'function',
              function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) },
            },
          ]
        : [],
    );
    const msg: ChatMessage = { role, content: text || (calls.length ? null : '') };
    if (calls.length) msg.tool_calls = calls;
    return [msg];
  }
  const tools: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  for (const b of content) {
    if (b.type === 'tool_result') {
      const text = blocksText(b.content);
      // is_error has no unified field; the prefix keeps the failure visible to any model.
      tools.push({
        role: 'tool',
        tool_call_id: b.tool_use_id,
        content: b.is_error ? `Error: ${text}` : text,
      });
    } else if (b.type === 'text') parts.push({ type: 'text', text: b.text });
    else if (b.type === 'image') parts.push(imagePart(b));
  }
  if (parts.length === 0) return tools;
  const only = parts.length === 1 ? parts[0]! : undefined;
  return [...tools, { role, content: only?.type === 'text' ? only.text : parts }];
}

function toolChoice(choice: ClaudeToolChoice | undefined): ChatRequest['tool_choice'] {
  switch (choice?.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
    default:
      return undefined;
  }
}

/** Claude's budget in tokens → an effort level; the upstream adapter turns any effort back into a budget. */
function reasoningEffort(thinking: ClaudeThinking | undefined): ChatRequest['reasoning_effort'] {
  if (!thinking || thinking.type === 'disabled') return undefined;
  const budget = thinking.budget_tokens ?? 0;
  if (thinking.type === 'enabled' && budget > 0 && budget <= 2048) return 'low';
  if (budget > 16384) return 'high';
  return 'medium';
}

/** A Claude Messages request → unified. Server tools (web search etc.) have no unified form and are dropped. */
export function claudeToUnified(body: unknown): ChatRequest {
  const req = validateBody<ClaudeRequest>(ClaudeRequestSchema, body);
  const messages: ChatMessage[] = [];
  if (typeof req.system === 'string' ? req.system : req.system?.length) {
    const content =
      typeof req.system === 'string'
        ? req.system
        : req.system!.map((b): ContentPart => ({ type: 'text', text: b.text }));
    messages.push({ role: 'system', content });
  }
  for (const m of req.messages ?? []) messages.push(...toUnifiedMessages(m.role, m.content));
  const out: ChatRequest = { model: req.model, messages, max_tokens: req.max_tokens };
  if (req.stream) out.stream = true;
  if (req.temperature !== undefined) out.temperature = req.temperature;
  if (req.top_p !== undefined) out.top_p = req.top_p;
  if (req.top_k !== undefined) out.top_k = req.top_k;
  if (req.stop_sequences?.length) out.stop = req.stop_sequences;
  const tools = (req.tools ?? []).filter((t) => !t.type || t.type === 'custom');
  if (tools.length)
    out.tools = tools.map((t): ChatTool => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        parameters: t.input_schema,
      },
    }));
  const choice = toolChoice(req.tool_choice);
  if (choice !== undefined && tools.length) out.tool_choice = choice;
  if (
    req.tool_choice &&
    'disable_parallel_tool_use' in req.tool_choice &&
    req.tool_choice.disable_parallel_tool_use
  )
    out.parallel_tool_calls = false;
  const effort = reasoningEffort(req.thinking);
  if (effort) out.reasoning_effort = effort;
  if (req.metadata?.user_id) out.user = req.metadata.user_id;
  return out;
}

export function toClaudeStopReason(finish: FinishReason): ClaudeStopReason {
  if (finish === 'length') return 'max_tokens';
  if (finish === 'tool_calls') return 'tool_use';
  if (finish === 'content_filter') return 'refusal';
  return 'end_turn';
}

/** Unified usage → Claude's, where `input_tokens` excludes cache reads and cache writes. */
export function toClaudeUsage(usage: Usage | undefined): ClaudeUsage {
  const read = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  const created = usage?.prompt_tokens_details?.cache_creation_tokens ?? 0;
  return {
    input_tokens: Math.max(0, (usage?.prompt_tokens ?? 0) - read - created),
    output_tokens: usage?.completion_tokens ?? 0,
    ...(created ? { cache_creation_input_tokens: created } : {}),
    ...(read ? { cache_read_input_tokens: read } : {}),
  };
}

export const toClaudeMessageId = (id: string): string =>
  id.startsWith('msg_') ? id : `msg_${id.replace(/^chatcmpl-/, '')}`;

export function parseToolInput(args: string | undefined): unknown {
  try {
    const input: unknown = args ? JSON.parse(args) : {};
    return input && typeof input === 'object' ? input : {};
  } catch {
    return {};
  }
}

/** A unified response → a Claude message; blocks in Claude's order: thinking, text, tool_use. */
export function unifiedToClaude(response: ChatResponse, requestedModel: string): ClaudeResponse {
  const choice = response.choices[0];
  const message = choice?.message;
  const content: ClaudeContentBlock[] = [];
  // Signed blocks (from a Claude upstream) go out as they came; bare reasoning gets an empty signature.
  if (message?.thinking_blocks?.length) content.push(...message.thinking_blocks);
  else if (message?.reasoning_content)
    content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  if (message?.content) content.push({ type: 'text', text: message.content });
  for (const call of message?.tool_calls ?? [])
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parseToolInput(call.function.arguments),
    });
  return {
    id: toClaudeMessageId(response.id),
    type: 'message',
    role: 'assistant',
    model: requestedModel,
    content,
    stop_reason: toClaudeStopReason(choice?.finish_reason ?? null),
    stop_sequence: null,
    usage: toClaudeUsage(response.usage),
  };
}

const CLAUDE_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** The status decides the type, as Claude clients branch on it (e.g. retry on overloaded_error). */
export function claudeErrorBody(status: number, error: ProviderError) {
  const type = CLAUDE_ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { type: 'error', error: { type, message: error.message } };
}
