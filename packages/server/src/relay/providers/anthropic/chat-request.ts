import type { ChatRequest } from '../types.js';
import { toClaudeMessages, unsignedToolLoop } from './claude-messages.js';
import type { ClaudeRequest, ClaudeTool, ClaudeToolChoice } from './types.js';

export { toClaudeMessages } from './claude-messages.js';

/** Contract defaults: `claude.default_max_tokens` and `claude.thinking_adapter_budget_tokens_percentage`. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 8192;
export const THINKING_BUDGET_PERCENTAGE = 0.8;
/** Anthropic rejects a thinking budget below this. */
const MIN_THINKING_BUDGET = 1024;
export const THINKING_SUFFIX = '-thinking';

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
    ...(t.cache_control ? { cache_control: t.cache_control } : {}),
  }));

type SamplingAndThinking = Pick<ClaudeRequest, 'max_tokens' | 'thinking' | 'temperature' | 'top_p' | 'top_k'>;

/**
 * Turns thinking on with THINKING_BUDGET_PERCENTAGE of max_tokens as its budget; the budget must stay below
 * max_tokens, so a small max_tokens is raised rather than failing upstream. Claude rejects temperature, top_p
 * and top_k with thinking, so they go.
 */
export function enableThinking(body: SamplingAndThinking): void {
  const budget = Math.max(MIN_THINKING_BUDGET, Math.floor(body.max_tokens * THINKING_BUDGET_PERCENTAGE));
  if (budget >= body.max_tokens) body.max_tokens = budget + MIN_THINKING_BUDGET;
  body.thinking = { type: 'enabled', budget_tokens: budget };
  delete body.temperature;
  delete body.top_p;
  delete body.top_k;
}

/**
 * The Claude Messages body for a unified request; `model` is the upstream name. Pure and URL-free so the AWS
 * Bedrock and Vertex adapters can send the same body. Thinking turns on for a `-thinking` model (the suffix is
 * stripped) or any `reasoning_effort`, except in a tool loop whose thinking came back unsigned (see
 * unsignedToolLoop).
 */
export function toClaudeRequest(request: ChatRequest, model: string): ClaudeRequest {
  const thinkingModel = model.endsWith(THINKING_SUFFIX);
  const { system, messages } = toClaudeMessages(request.messages);
  const thinking = (thinkingModel || request.reasoning_effort !== undefined) && !unsignedToolLoop(messages);
  const body: ClaudeRequest = {
    model: thinkingModel ? model.slice(0, -THINKING_SUFFIX.length) : model,
    messages,
    max_tokens: request.max_tokens ?? request.max_completion_tokens ?? CLAUDE_DEFAULT_MAX_TOKENS,
  };
  if (system !== undefined) body.system = system;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.top_p !== undefined) body.top_p = request.top_p;
  if (request.top_k !== undefined) body.top_k = request.top_k;
  if (thinking) enableThinking(body);
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
