import type { ChatRequest } from '../types.js';
import { toClaudeMessages, unsignedToolLoop } from './claude-messages.js';
import type { ClaudeRequest, ClaudeTool, ClaudeToolChoice } from './types.js';
import { claudeDefaultMaxTokens, DEFAULT_PROVIDER_SETTINGS, type ClaudeSettings } from '../settings.js';

export { toClaudeMessages } from './claude-messages.js';

/** Anthropic rejects a thinking budget below this. */
const MIN_THINKING_BUDGET = 1024;
/** new-api raises max_tokens to this with thinking, so the budget at 80 % stays above 1024. */
const MIN_THINKING_MAX_TOKENS = 1280;
export const THINKING_SUFFIX = '-thinking';

function toolChoice(request: ChatRequest): ClaudeToolChoice | undefined {
  const choice = request.tool_choice;
  const noParallel = request.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {};
  // null means absent, as in new-api's Go structs; a named choice without a name is left to the default too.
  const name = choice && typeof choice === 'object' ? choice.function?.name : undefined;
  if (choice == null || (typeof choice === 'object' && !name))
    return request.parallel_tool_calls === false ? { type: 'auto', ...noParallel } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...noParallel };
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  return { type: 'tool', name: name!, ...noParallel };
}

/** The tools with a function to call; anything else in `tools` (no `function`, no name) has nothing to send. */
const tools = (request: ChatRequest): ClaudeTool[] | undefined =>
  request.tools
    ?.filter((t) => typeof t?.function?.name === 'string')
    .map((t) => ({
      name: t.function.name,
      ...(t.function.description ? { description: t.function.description } : {}),
      input_schema: t.function.parameters ?? { type: 'object', properties: {} },
      ...(t.cache_control ? { cache_control: t.cache_control } : {}),
    }));

type SamplingAndThinking = Pick<ClaudeRequest, 'max_tokens' | 'thinking' | 'temperature' | 'top_p' | 'top_k'>;

/**
 * Turns thinking on as new-api does: max_tokens at least 1280, a budget of `percentage` of it (at least the
 * 1024 Anthropic accepts, and below max_tokens, which is raised rather than failing upstream). Claude rejects
 * temperature, top_p and top_k with thinking, so they go (new-api sends temperature 1, Claude's default).
 */
export function enableThinking(
  body: SamplingAndThinking,
  percentage = DEFAULT_PROVIDER_SETTINGS.claude.thinkingBudgetPercentage,
): void {
  body.max_tokens = Math.max(body.max_tokens, MIN_THINKING_MAX_TOKENS);
  const share = Number.isFinite(percentage) && percentage > 0 ? percentage : 0;
  const budget = Math.max(MIN_THINKING_BUDGET, Math.floor(body.max_tokens * share));
  if (budget >= body.max_tokens) body.max_tokens = budget + MIN_THINKING_BUDGET;
  body.thinking = { type: 'enabled', budget_tokens: budget };
  delete body.temperature;
  delete body.top_p;
  delete body.top_k;
}

/**
 * The Claude Messages body for a unified request; `model` is the upstream name. Pure and URL-free so the AWS
 * Bedrock and Vertex adapters can send the same body. With `claude.thinking_adapter_enabled`, thinking turns
 * on for a `-thinking` model (the suffix is stripped) or any `reasoning_effort`, except in a tool loop whose
 * thinking came back unsigned (see unsignedToolLoop); without it a `-thinking` name goes up as it is, as in
 * new-api. `max_tokens` defaults to `claude.default_max_tokens` of the model.
 */
export function toClaudeRequest(
  request: ChatRequest,
  model: string,
  settings: ClaudeSettings = DEFAULT_PROVIDER_SETTINGS.claude,
): ClaudeRequest {
  const adapter = settings.thinkingAdapterEnabled;
  const thinkingModel = adapter && model.endsWith(THINKING_SUFFIX);
  const { system, messages } = toClaudeMessages(request.messages);
  const thinking =
    adapter && (thinkingModel || request.reasoning_effort != null) && !unsignedToolLoop(messages);
  const body: ClaudeRequest = {
    model: thinkingModel ? model.slice(0, -THINKING_SUFFIX.length) : model,
    messages,
    max_tokens:
      request.max_tokens || request.max_completion_tokens || claudeDefaultMaxTokens(settings, model),
  };
  if (system !== undefined) body.system = system;
  if (request.temperature != null) body.temperature = request.temperature;
  if (request.top_p != null) body.top_p = request.top_p;
  if (request.top_k != null) body.top_k = request.top_k;
  if (thinking) enableThinking(body, settings.thinkingBudgetPercentage);
  if (request.stop != null) {
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
