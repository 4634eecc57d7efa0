/** Unified messages → Claude's system and messages, with thinking blocks and cache breakpoints carried over. */
import type { CacheControl, ChatMessage, ContentPart, ThinkingBlock } from '../types.js';
import type { ClaudeContentBlock, ClaudeMessage, ClaudeRequest } from './types.js';

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

type SystemBlock = { type: 'text'; text: string; cache_control?: unknown };

const cached = (cache: CacheControl | undefined) => (cache ? { cache_control: cache } : {});

function imageBlock(url: string, cache: CacheControl | undefined): ClaudeContentBlock {
  const data = DATA_URL.exec(url);
  const source = data
    ? { type: 'base64' as const, media_type: data[1]!, data: data[2]! }
    : { type: 'url' as const, url };
  return { type: 'image', source, ...cached(cache) };
}

/** Claude rejects empty text blocks, and has no audio input: both are dropped. */
function partBlocks(content: ChatMessage['content']): ClaudeContentBlock[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content.flatMap((part: ContentPart): ClaudeContentBlock[] => {
    if (part.type === 'text')
      return part.text ? [{ type: 'text', text: part.text, ...cached(part.cache_control) }] : [];
    if (part.type === 'image_url') return [imageBlock(part.image_url.url, part.cache_control)];
    return [];
  });
}

const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

function parseArguments(args: string): unknown {
  try {
    return args ? JSON.parse(args) : {};
  } catch {
    // Claude requires an object; a model's broken JSON is kept so it stays visible in the history.
    return { raw_arguments: args };
  }
}

/**
 * Signed thinking goes back verbatim, as Claude requires. Unsigned thinking (reasoning from another model, or
 * plain `reasoning_content`) is dropped: Claude refuses thinking blocks it cannot verify.
 */
const thinkingBlocks = (blocks: ThinkingBlock[] | undefined): ClaudeContentBlock[] =>
  (blocks ?? []).flatMap((b): ClaudeContentBlock[] => {
    if (b.type === 'redacted_thinking') return b.data ? [{ type: 'redacted_thinking', data: b.data }] : [];
    return b.signature ? [{ type: 'thinking', thinking: b.thinking ?? '', signature: b.signature }] : [];
  });

const isThinking = (b: ClaudeContentBlock | undefined) =>
  b?.type === 'thinking' || b?.type === 'redacted_thinking';

/** A message-wide breakpoint marks its last block (LiteLLM's rule); thinking blocks cannot carry one. */
function markLast(blocks: ClaudeContentBlock[], cache: CacheControl | undefined): ClaudeContentBlock[] {
  const last = blocks.at(-1);
  if (cache && last && !isThinking(last)) blocks[blocks.length - 1] = { ...last, cache_control: cache };
  return blocks;
}

/** One message's Claude blocks and role; an assistant turn's thinking blocks come first, as Claude wants. */
function messageBlocks(m: ChatMessage): { role: 'user' | 'assistant'; blocks: ClaudeContentBlock[] } {
  if (m.role === 'tool') {
    const partCache = Array.isArray(m.content) ? m.content.find((p) => 'cache_control' in p) : undefined;
    const cache =
      m.cache_control ?? (partCache as { cache_control?: CacheControl } | undefined)?.cache_control;
    const result: ClaudeContentBlock = {
      type: 'tool_result',
      tool_use_id: m.tool_call_id ?? '',
      content: textOf(m.content),
      ...cached(cache),
    };
    return { role: 'user', blocks: [result] };
  }
  if (m.role === 'assistant') {
    const calls = (m.tool_calls ?? []).map((c): ClaudeContentBlock => ({
      type: 'tool_use',
      id: c.id,
      name: c.function.name,
      input: parseArguments(c.function.arguments),
    }));
    const blocks = [...thinkingBlocks(m.thinking_blocks), ...partBlocks(m.content), ...calls];
    return { role: 'assistant', blocks: markLast(blocks, m.cache_control) };
  }
  return { role: 'user', blocks: markLast(partBlocks(m.content), m.cache_control) };
}

const isSystem = (m: ChatMessage) => m.role === 'system' || m.role === 'developer';

/** A lone uncached text block goes back to a plain string: the shortest body that means the same. */
const plainText = (blocks: ClaudeContentBlock[]): string | undefined =>
  blocks.length === 1 && blocks[0]!.type === 'text' && !blocks[0]!.cache_control
    ? blocks[0]!.text
    : undefined;

/** Claude requires user/assistant alternation, so consecutive same-role messages (tool results too) merge. */
export function toClaudeMessages(messages: ChatMessage[]): {
  system: ClaudeRequest['system'];
  messages: ClaudeMessage[];
} {
  const system: SystemBlock[] = [];
  let systemMessages = 0;
  const out: { role: 'user' | 'assistant'; content: ClaudeContentBlock[] }[] = [];
  for (const m of messages) {
    if (isSystem(m)) {
      systemMessages++;
      for (const block of markLast(partBlocks(m.content), m.cache_control))
        if (block.type === 'text') system.push(block);
      continue;
    }
    const { role, blocks } = messageBlocks(m);
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  const compact = out.map(({ role, content }): ClaudeMessage => ({
    role,
    content: plainText(content) ?? content,
  }));
  // One plain system message stays a string; several, text parts or a breakpoint keep their blocks.
  const lone = systemMessages === 1 && typeof messages.find(isSystem)?.content === 'string';
  const loneText = lone ? plainText(system) : undefined;
  return { system: loneText ?? (system.length ? system : undefined), messages: compact };
}

/**
 * True when the last turn answers tool calls and the assistant turn that made them does not start with a
 * signed thinking block. With thinking on, Claude refuses such a turn, so thinking is left off instead.
 */
export function unsignedToolLoop(messages: ClaudeMessage[]): boolean {
  const last = messages.at(-1)?.content;
  if (!Array.isArray(last) || !last.some((b) => b.type === 'tool_result')) return false;
  const turn = messages.at(-2);
  return !(turn?.role === 'assistant' && Array.isArray(turn.content) && isThinking(turn.content[0]));
}
