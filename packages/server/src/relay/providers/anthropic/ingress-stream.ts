import type { ChatChunk, FinishReason, SseEvent, ThinkingBlock, Usage } from '../types.js';
import { toClaudeMessageId, toClaudeStopReason, toClaudeUsage } from './ingress.js';
import type { ClaudeContentBlock } from './types.js';

type BlockKind = 'text' | 'thinking' | 'tool_use';
type ToolCallDelta = NonNullable<ChatChunk['choices'][number]['delta']['tool_calls']>[number];

const sse = (type: string, payload: Record<string, unknown> = {}): SseEvent => ({
  event: type,
  data: JSON.stringify({ type, ...payload }),
});

/**
 * Unified chunks → Claude's SSE events, in the order Claude sends them: message_start and ping, then for each
 * content block content_block_start, its deltas and content_block_stop (only one block is open at a time),
 * then message_delta with stop_reason and usage, then message_stop. message_delta waits for end(), since the
 * unified usage usually arrives after the finish chunk.
 */
export function createClaudeStreamEncoder(requestedModel: string): {
  chunk(chunk: ChatChunk): SseEvent[];
  end(usage: Usage | undefined): SseEvent[];
} {
  let started = false;
  let ended = false;
  let nextIndex = 0;
  let open: { kind: BlockKind; index: number } | undefined;
  let finish: FinishReason = null;
  let lastUsage: Usage | undefined;
  let sawTool = false;
  const toolBlocks = new Map<number, number>();
  let messageId = 'msg_relay';

  const start = (usage: Usage | undefined): SseEvent[] => {
    started = true;
    const message = {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model: requestedModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...toClaudeUsage(usage), output_tokens: 0 },
    };
    return [sse('message_start', { message }), sse('ping')];
  };

  const close = (): SseEvent[] => {
    if (!open) return [];
    const index = open.index;
    open = undefined;
    return [sse('content_block_stop', { index })];
  };

  /** Makes `kind` the open block (closing another kind first) and returns the events that took. */
  const ensure = (kind: 'text' | 'thinking'): SseEvent[] => {
    if (open?.kind === kind) return [];
    const events = close();
    const index = nextIndex++;
    open = { kind, index };
    const block: ClaudeContentBlock =
      kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    events.push(sse('content_block_start', { index, content_block: block }));
    return events;
  };

  const toolCall = (tc: ToolCallDelta): SseEvent[] => {
    const events: SseEvent[] = [];
    let index = toolBlocks.get(tc.index);
    if (index === undefined) {
      events.push(...close());
      index = nextIndex++;
      toolBlocks.set(tc.index, index);
      open = { kind: 'tool_use', index };
      sawTool = true;
      const block = {
        type: 'tool_use',
        id: tc.id || `toolu_relay_${index}`,
        name: tc.function?.name ?? '',
        input: {},
      };
      events.push(sse('content_block_start', { index, content_block: block }));
    }
    const args = tc.function?.arguments;
    // Arguments for a tool block already closed are still sent to its index rather than lost.
    if (args)
      events.push(
        sse('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args } }),
      );
    return events;
  };

  /** Signatures close the open thinking block; redacted thinking is a block of its own, sent whole. */
  const thinkingBlock = (block: ThinkingBlock): SseEvent[] => {
    if (block.type === 'thinking') {
      if (!block.signature) return [];
      const events = ensure('thinking');
      const delta = { type: 'signature_delta', signature: block.signature };
      return [...events, sse('content_block_delta', { index: open!.index, delta })];
    }
    const events = close();
    const index = nextIndex++;
    events.push(
      sse('content_block_start', { index, content_block: { type: 'redacted_thinking', data: block.data } }),
      sse('content_block_stop', { index }),
    );
    return events;
  };

  return {
    chunk(chunk: ChatChunk): SseEvent[] {
      if (ended) return [];
      if (chunk.usage) lastUsage = chunk.usage;
      const events: SseEvent[] = [];
      if (!started) {
        messageId = toClaudeMessageId(chunk.id || messageId);
        events.push(...start(chunk.usage ?? undefined));
      }
      const choice = chunk.choices.find((c) => c.index === 0);
      if (!choice) return events;
      const { delta } = choice;
      if (delta.reasoning_content) {
        events.push(...ensure('thinking'));
        events.push(
          sse('content_block_delta', {
            index: open!.index,
            delta: { type: 'thinking_delta', thinking: delta.reasoning_content },
          }),
        );
      }
      for (const block of delta.thinking_blocks ?? []) events.push(...thinkingBlock(block));
      if (delta.content) {
        events.push(...ensure('text'));
        events.push(
          sse('content_block_delta', {
            index: open!.index,
            delta: { type: 'text_delta', text: delta.content },
          }),
        );
      }
      for (const tc of delta.tool_calls ?? []) events.push(...toolCall(tc));
      if (choice.finish_reason) {
        finish = choice.finish_reason;
        events.push(...close());
      }
      return events;
    },

    end(usage: Usage | undefined): SseEvent[] {
      if (ended) return [];
      ended = true;
      const settled = usage ?? lastUsage;
      const events = started ? [] : start(settled);
      events.push(...close());
      const stop = toClaudeStopReason(finish ?? (sawTool ? 'tool_calls' : 'stop'));
      events.push(
        sse('message_delta', {
          delta: { stop_reason: stop, stop_sequence: null },
          usage: toClaudeUsage(settled),
        }),
        sse('message_stop'),
      );
      return events;
    },
  };
}
