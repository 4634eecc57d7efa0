import { UpstreamStreamError } from '../stream-error.js';
import type { ChatChunk, SseEvent, StreamConverter, Usage } from '../types.js';
import { claudeError, finishReason, toUnifiedUsage } from './chat.js';
import type { ClaudeContentBlock, ClaudeResponse, ClaudeUsage } from './types.js';

type Delta = ChatChunk['choices'][number]['delta'];
type ToolCallDelta = NonNullable<Delta['tool_calls']>[number];

interface StreamEventData {
  type?: string;
  message?: Partial<ClaudeResponse>;
  index?: number;
  content_block?: ClaudeContentBlock;
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    signature?: string;
    partial_json?: string;
    stop_reason?: string | null;
  };
  usage?: Partial<ClaudeUsage>;
}

/**
 * Claude's stream (message_start, content_block_start/delta/stop, message_delta, message_stop, ping, error)
 * → unified chunks, shaped like an OpenAI stream with `include_usage`: a first chunk with the role, content,
 * reasoning and tool-call deltas, a finish chunk at message_delta, and a `choices: []` usage chunk at
 * message_stop (or at end() when message_stop never came). Each event must be one whole SSE event.
 */
export function createClaudeStreamConverter(
  model: string,
  now = () => Math.floor(Date.now() / 1000),
): StreamConverter {
  const created = now();
  let id = `chatcmpl-${created}`;
  let upstreamModel = model;
  let usage: Partial<ClaudeUsage> | undefined;
  let roleSent = false;
  let usageSent = false;
  /** Claude block index → OpenAI tool-call index (tool calls count from 0 across the message). */
  const toolIndex = new Map<number, number>();

  const chunk = (delta: Delta, finish: ChatChunk['choices'][number]['finish_reason'] = null): ChatChunk => {
    if (!roleSent) {
      delta = { role: 'assistant', ...delta };
      roleSent = true;
    }
    return {
      id,
      object: 'chat.completion.chunk',
      created,
      model: upstreamModel,
      choices: [{ index: 0, delta, finish_reason: finish }],
    };
  };

  const usageChunk = (): ChatChunk[] => {
    if (usageSent || !usage) return [];
    usageSent = true;
    return [
      {
        id,
        object: 'chat.completion.chunk',
        created,
        model: upstreamModel,
        choices: [],
        usage: toUnifiedUsage(usage),
      },
    ];
  };

  const thinkingChunk = (thinking: string) =>
    chunk({ reasoning_content: thinking, thinking_blocks: [{ type: 'thinking', thinking }] });
  const blockStart = (index: number, block: ClaudeContentBlock): ChatChunk[] => {
    if (block.type === 'tool_use') {
      const n = toolIndex.size;
      toolIndex.set(index, n);
      const call = {
        index: n,
        id: block.id,
        type: 'function' as const,
        function: { name: block.name, arguments: '' },
      };
      return [chunk({ tool_calls: [call] })];
    }
    if (block.type === 'text' && block.text) return [chunk({ content: block.text })];
    if (block.type === 'thinking' && block.thinking) return [thinkingChunk(block.thinking)];
    // Redacted thinking is opaque and arrives whole, in the start event.
    if (block.type === 'redacted_thinking')
      return [chunk({ thinking_blocks: [{ type: 'redacted_thinking', data: block.data }] })];
    return [];
  };

  const blockDelta = (index: number, delta: NonNullable<StreamEventData['delta']>): ChatChunk[] => {
    if (delta.type === 'text_delta' && delta.text) return [chunk({ content: delta.text })];
    if (delta.type === 'thinking_delta' && delta.thinking) return [thinkingChunk(delta.thinking)];
    // The signature closes its thinking block (LiteLLM's shape: an empty thinking piece with the signature).
    if (delta.type === 'signature_delta' && delta.signature)
      return [chunk({ thinking_blocks: [{ type: 'thinking', thinking: '', signature: delta.signature }] })];
    const n = toolIndex.get(index);
    if (delta.type === 'input_json_delta' && delta.partial_json && n !== undefined)
      // types.ts's intersection makes `function.name` required; OpenAI's argument deltas omit it.
      return [
        chunk({ tool_calls: [{ index: n, function: { arguments: delta.partial_json } } as ToolCallDelta] }),
      ];
    // citations have no unified counterpart.
    return [];
  };

  return {
    event(event: SseEvent): ChatChunk[] {
      let data: StreamEventData;
      try {
        data = JSON.parse(event.data) as StreamEventData;
      } catch {
        return [];
      }
      switch (data.type ?? event.event) {
        case 'message_start': {
          const msg = data.message ?? {};
          if (msg.id) id = msg.id;
          if (msg.model) upstreamModel = msg.model;
          if (msg.usage) usage = { ...msg.usage };
          return [chunk({ content: '' })];
        }
        case 'content_block_start':
          return data.content_block ? blockStart(data.index ?? 0, data.content_block) : [];
        case 'content_block_delta':
          return data.delta ? blockDelta(data.index ?? 0, data.delta) : [];
        case 'message_delta': {
          // message_delta's counters are cumulative totals: they overwrite, never add.
          if (data.usage) usage = { ...usage, ...stripNulls(data.usage) };
          const reason = finishReason(data.delta?.stop_reason ?? undefined);
          return reason ? [chunk({}, reason)] : [];
        }
        case 'message_stop':
          return usageChunk();
        case 'error':
          throw new UpstreamStreamError(claudeError(500, data));
        default:
          // ping, content_block_stop and unknown future events.
          return [];
      }
    },
    end: () => usageChunk(),
    usage: (): Usage | undefined => (usage ? toUnifiedUsage(usage) : undefined),
  };
}

const stripNulls = (u: Partial<ClaudeUsage>): Partial<ClaudeUsage> =>
  Object.fromEntries(Object.entries(u).filter(([, v]) => v != null)) as Partial<ClaudeUsage>;
