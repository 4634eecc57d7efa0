import type { ChatResponse, FinishReason, ProviderError, ThinkingBlock, ToolCall, Usage } from '../types.js';
import type { ClaudeContentBlock, ClaudeResponse, ClaudeStopReason, ClaudeUsage } from './types.js';

export { toClaudeRequest } from './chat-request.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function finishReason(stop: ClaudeStopReason | string | undefined): FinishReason {
  switch (stop) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return null;
  }
}

/**
 * Claude counts cache reads and writes apart from `input_tokens`; unified prompt tokens include both, and the
 * details say how many were read (`cached_tokens`) and written (`cache_creation_tokens`).
 */
export function toUnifiedUsage(usage: Partial<ClaudeUsage>): Usage {
  const read = usage.cache_read_input_tokens ?? 0;
  const created = usage.cache_creation_input_tokens ?? 0;
  const prompt = (usage.input_tokens ?? 0) + created + read;
  const completion = usage.output_tokens ?? 0;
  const details = {
    ...(read ? { cached_tokens: read } : {}),
    ...(created ? { cache_creation_tokens: created } : {}),
  };
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(read || created ? { prompt_tokens_details: details } : {}),
  };
}

/** A thinking block as the unified `thinking_blocks` carry it: Claude's own fields, nothing else. */
export function thinkingBlockOf(block: ClaudeContentBlock): ThinkingBlock | undefined {
  if (block.type === 'redacted_thinking') return { type: 'redacted_thinking', data: block.data };
  if (block.type !== 'thinking') return undefined;
  return {
    type: 'thinking',
    thinking: block.thinking,
    ...(block.signature ? { signature: block.signature } : {}),
  };
}

/** A Claude message → a unified chat completion; `now` is injectable for fixtures. */
export function fromClaudeResponse(body: unknown, model: string, now = nowSeconds): ChatResponse {
  const msg = body as ClaudeResponse;
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ToolCall[] = [];
  const thinking: ThinkingBlock[] = [];
  for (const block of msg.content ?? []) {
    const thought = thinkingBlockOf(block);
    if (thought) thinking.push(thought);
    if (block.type === 'text') text.push(block.text);
    else if (block.type === 'thinking') reasoning.push(block.thinking);
    else if (block.type === 'tool_use')
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
      });
  }
  const message: ChatResponse['choices'][number]['message'] = {
    role: 'assistant',
    content: text.length ? text.join('') : toolCalls.length ? null : '',
  };
  if (reasoning.length) message.reasoning_content = reasoning.join('');
  if (thinking.length) message.thinking_blocks = thinking;
  if (toolCalls.length) message.tool_calls = toolCalls;
  return {
    id: msg.id,
    object: 'chat.completion',
    created: now(),
    model: msg.model || model,
    choices: [{ index: 0, message, finish_reason: finishReason(msg.stop_reason) }],
    usage: toUnifiedUsage(msg.usage ?? {}),
  };
}

/**
 * Anthropic's `{type:'error', error:{type, message}}` → ProviderError with `code` = the error type (so the
 * pipeline's auto-disable sees `authentication_error` and `permission_error`). Anything else follows the
 * contract's default (§5.3.9): `upstream_error` / `bad_response_status_code`.
 */
export function claudeError(status: number, body: unknown): ProviderError {
  const err = (body as { error?: { type?: unknown; message?: unknown } } | null)?.error;
  if (err && typeof err === 'object' && typeof err.type === 'string') {
    return {
      message: typeof err.message === 'string' ? err.message : err.type,
      type: err.type,
      code: err.type,
    };
  }
  const text = typeof body === 'string' ? body.trim() : typeof err?.message === 'string' ? err.message : '';
  return {
    message: text || `upstream returned status ${status}`,
    type: 'upstream_error',
    code: 'bad_response_status_code',
  };
}
