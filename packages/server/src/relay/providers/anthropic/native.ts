/** Same-format pass-through for Claude clients: their own Messages body to Claude upstreams, answers back as sent. */
import { renameModel } from '../native-model.js';
import type { NativeClient, NativeRequest, NativeUpstream } from '../types.js';
import { anthropicHeaders, anthropicUrl } from './api.js';
import { enableThinking, THINKING_SUFFIX } from './chat-request.js';
import { claudeErrorBody } from './ingress.js';
import type { ClaudeRequest } from './types.js';
import { DEFAULT_PROVIDER_SETTINGS, withModelHeaders, type ClaudeSettings } from '../settings.js';

export type ClaudeNativeBody = Record<string, unknown> & { model: string };

/**
 * The client's body for upstream `model`. A `-thinking` name (from model_mapping) means what it means for
 * converted requests while `claude.thinking_adapter_enabled`: the suffix goes and thinking turns on, unless the
 * client configured thinking itself.
 */
export function claudeNativeBody(
  body: Record<string, unknown>,
  model: string,
  settings: ClaudeSettings = DEFAULT_PROVIDER_SETTINGS.claude,
): ClaudeNativeBody {
  if (!settings.thinkingAdapterEnabled || !model.endsWith(THINKING_SUFFIX)) return { ...body, model };
  const out: ClaudeNativeBody = { ...body, model: model.slice(0, -THINKING_SUFFIX.length) };
  if (out.thinking == null && typeof out.max_tokens === 'number')
    enableThinking(out as unknown as ClaudeRequest, settings.thinkingBudgetPercentage);
  return out;
}

/** The client's `anthropic-beta` header as a list, for upstreams that take it in the body (Bedrock). */
export const anthropicBetas = (req: NativeRequest): string[] =>
  (req.headers['anthropic-beta'] ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);

/** The client's `anthropic-beta` header, for upstreams that take it as a header (Anthropic, Vertex). */
export const betaHeader = (req: NativeRequest): Record<string, string> => {
  const betas = anthropicBetas(req);
  return betas.length ? { 'anthropic-beta': betas.join(',') } : {};
};

/** Anthropic's own API takes the body as the client sent it. */
export const anthropicNative: NativeUpstream = {
  dialect: () => 'claude',
  request: (channel, req, model, attempt) => ({
    url: anthropicUrl(channel),
    method: 'POST',
    headers: withModelHeaders(
      { ...anthropicHeaders(channel, req.stream), ...betaHeader(req) },
      attempt?.settings.claude,
      attempt?.requestedModel,
    ),
    body: JSON.stringify(claudeNativeBody(req.body, model, attempt?.settings.claude)),
  }),
};

export const claudeNativeClient: NativeClient = {
  dialect: 'claude',
  response: (text, body, requestedModel) => renameModel(text, ['model'], requestedModel, body),
  // Only message_start names the model; every other event goes out byte for byte.
  event: (event, requestedModel) =>
    event.event === 'message_start'
      ? { ...event, data: renameModel(event.data, ['message', 'model'], requestedModel) }
      : event,
  streamError: (error) => ({ event: 'error', data: JSON.stringify(claudeErrorBody(500, error)) }),
};
