import type { ChatMessage, ChatRequest, ContentPart } from '../types.js';
import type {
  ClaudeContentBlock,
  ClaudeMessage,
  ClaudeRequest,
  ClaudeTool,
  ClaudeToolChoice,
} from './types.js';

/** Contract defaults: `claude.default_max_tokens` and `claude.thinking_adapter_budget_tokens_percentage`. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 8192;
export const THINKING_BUDGET_PERCENTAGE = 0.8;
/** Anthropic rejects a thinking budget below this. */
const MIN_THINKING_BUDGET = 1024;
const THINKING_SUFFIX = '-thinking';

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

function imageBlock(url: string): ClaudeContentBlock {
  const data = DATA_URL.exec(url);
  return data
    ? { type: 'image', source: { type: 'base64', media_type: data[1]!, data: data[2]! } }
    : { type: 'image', source: { type: 'url', url } };
}

/** Claude rejects empty text blocks, and has no audio input: both are dropped. */
function partBlocks(content: ChatMessage['content']): ClaudeContentBlock[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content.flatMap((part: ContentPart): ClaudeContentBlock[] => {
    if (part.type === 'text') return part.text ? [{ type: 'text', text: part.text }] : [];
    if (part.type === 'image_url') return [imageBlock(part.image_url.url)];
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
 * One message's Claude blocks and role. Reasoning from earlier turns is dropped: Claude only accepts thinking
 * blocks it signed itself, and the unified format does not carry the signature.
 */
function messageBlocks(m: ChatMessage): { role: 'user' | 'assistant'; blocks: ClaudeContentBlock[] } {
  if (m.role === 'tool') {
    const result: ClaudeContentBlock = {
      type: 'tool_result',
      tool_use_id: m.tool_call_id ?? '',
      content: textOf(m.content),
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
    return { role: 'assistant', blocks: [...partBlocks(m.content), ...calls] };
  }
  return { role: 'user', blocks: partBlocks(m.content) };
}

const isSystem = (m: ChatMessage) => m.role === 'system' || m.role === 'developer';

/** Claude requires user/assistant alternation, so consecutive same-role messages (tool results too) merge. */
export function toClaudeMessages(messages: ChatMessage[]): {
  system: ClaudeRequest['system'];
  messages: ClaudeMessage[];
} {
  const system: { type: 'text'; text: string }[] = [];
  let systemMessages = 0;
  const out: { role: 'user' | 'assistant'; content: ClaudeContentBlock[] }[] = [];
  for (const m of messages) {
    if (isSystem(m)) {
      systemMessages++;
      for (const block of partBlocks(m.content)) if (block.type === 'text') system.push(block);
      continue;
    }
    const { role, blocks } = messageBlocks(m);
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  // A lone text block goes back to a plain string: the shortest body that means the same.
  const compact = out.map(({ role, content }): ClaudeMessage =>
    content.length === 1 && content[0]!.type === 'text'
      ? { role, content: content[0]!.text }
      : { role, content },
  );
  // One plain system message stays a string; several, or text parts, keep their blocks.
  const lone =
    systemMessages === 1 && system.length === 1 && typeof messages.find(isSystem)?.content === 'string';
  return { system: lone ? system[0]!.text : system.length ? system : undefined, messages: compact };
}

function toolChoice(request: ChatRequest): ClaudeToolChoice | undefined {
  const choice = request.tool_choice;
  const noParallel = request.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {};
  if (choice === undefined)
    return request.parallel_tool_calls === false ? { type: 'auto', ...noParallel } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...noParallel };
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  return { type: 'tool', name: choice.function.name, ...noParallel };
}

const tools = (request: ChatRequest): ClaudeTool[] | undefined =>
  request.tools?.map((t) => ({
    name: t.function.name,
    ...(t.function.description ? { description: t.function.description } : {}),
    input_schema: t.function.parameters ?? { type: 'object', properties: {} },
  }));

/**
 * True when the last turn answers tool calls. With thinking on, Claude then requires the assistant turn to
 * start with its signed thinking block, which the unified format cannot carry (no signature field), so
 * thinking is left off for that request instead of failing with a 400.
 */
function inToolLoop(messages: ClaudeMessage[]): boolean {
  const last = messages.at(-1)?.content;
  return Array.isArray(last) && last.some((b) => b.type === 'tool_result');
}

/**
 * The Claude Messages body for a unified request; `model` is the upstream name. Pure and URL-free so the AWS
 * Bedrock and Vertex adapters can send the same body. Thinking turns on for a `-thinking` model (the suffix is
 * stripped) or any `reasoning_effort`, except mid tool loop (see inToolLoop); then temperature, top_p and top_k are dropped, as Claude rejects them.
 */
export function toClaudeRequest(request: ChatRequest, model: string): ClaudeRequest {
  const thinkingModel = model.endsWith(THINKING_SUFFIX);
  const { system, messages } = toClaudeMessages(request.messages);
  const thinking = (thinkingModel || request.reasoning_effort !== undefined) && !inToolLoop(messages);
  const maxTokens = request.max_tokens ?? request.max_completion_tokens ?? CLAUDE_DEFAULT_MAX_TOKENS;
  const body: ClaudeRequest = {
    model: thinkingModel ? model.slice(0, -THINKING_SUFFIX.length) : model,
    messages,
    max_tokens: maxTokens,
  };
  if (system !== undefined) body.system = system;
  if (thinking) {
    const budget = Math.max(MIN_THINKING_BUDGET, Math.floor(maxTokens * THINKING_BUDGET_PERCENTAGE));
    // The budget must stay below max_tokens; a small max_tokens is raised rather than failing upstream.
    if (budget >= maxTokens) body.max_tokens = budget + MIN_THINKING_BUDGET;
    body.thinking = { type: 'enabled', budget_tokens: budget };
  } else {
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.top_p !== undefined) body.top_p = request.top_p;
    if (request.top_k !== undefined) body.top_k = request.top_k;
  }
  if (request.stop !== undefined) {
    const stops = (Array.isArray(request.stop) ? request.stop : [request.stop]).filter(Boolean);
    if (stops.length) body.stop_sequences = stops;
  }
  const claudeTools = tools(request);
  if (claudeTools?.length) body.tools = claudeTools;
  const choice = toolChoice(request);
  if (choice && claudeTools?.length) body.tool_choice = choice;
  if (request.user) body.metadata = { user_id: request.user };
  if (request.stream) body.stream = true;
  return body;
}
