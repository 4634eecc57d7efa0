/** Value maps shared by the upstream adapter (chat.ts, stream.ts) and the client format (ingress*.ts). */
import { randomBytes } from 'node:crypto';
import type { FinishReason, Usage } from '../types.js';
import type { GeminiUsageMetadata } from './types.js';

/** Thinking budgets per OpenAI reasoning effort; 'minimal' gets the low budget, the smallest every model accepts. */
export const THINKING_BUDGET = { minimal: 1024, low: 1024, medium: 8192, high: 24576 } as const;

/** The inverse of THINKING_BUDGET, for a budget a Gemini client chose freely. -1 is "dynamic". */
export function effortForBudget(budget: number): 'low' | 'medium' | 'high' | undefined {
  if (budget === 0) return undefined;
  if (budget < 0) return 'medium';
  return budget <= THINKING_BUDGET.low ? 'low' : budget <= THINKING_BUDGET.medium ? 'medium' : 'high';
}

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** Gemini's finishReason → OpenAI's; a candidate that called functions finishes with tool_calls. */
export function finishFromGemini(reason: string | undefined, calledFunctions: boolean): FinishReason {
  if (!reason || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return calledFunctions ? 'tool_calls' : 'stop';
}

export function finishToGemini(reason: FinishReason): string {
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return 'STOP';
}

/** Thoughts are billed as output, so they count as completion tokens (with a reasoning_tokens detail). */
export function usageFromGemini(meta: GeminiUsageMetadata): Usage {
  const prompt = meta.promptTokenCount ?? 0;
  const thoughts = meta.thoughtsTokenCount ?? 0;
  const completion = (meta.candidatesTokenCount ?? 0) + thoughts;
  const usage: Usage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: meta.totalTokenCount ?? prompt + completion,
  };
  if (meta.cachedContentTokenCount)
    usage.prompt_tokens_details = { cached_tokens: meta.cachedContentTokenCount };
  if (thoughts) usage.completion_tokens_details = { reasoning_tokens: thoughts };
  return usage;
}

export function usageToGemini(usage: Usage): GeminiUsageMetadata {
  const thoughts = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  const meta: GeminiUsageMetadata = {
    promptTokenCount: usage.prompt_tokens,
    candidatesTokenCount: usage.completion_tokens - thoughts,
    totalTokenCount: usage.total_tokens,
  };
  if (thoughts) meta.thoughtsTokenCount = thoughts;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (cached) meta.cachedContentTokenCount = cached;
  return meta;
}

/** JSON-schema keywords Gemini's Schema message rejects with "Unknown name … Cannot find field". */
const UNSUPPORTED_SCHEMA_KEYS = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  '$comment',
  'definitions',
  'additionalProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'examples',
  'const',
  'patternProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'contentEncoding',
  'contentMediaType',
  'readOnly',
  'writeOnly',
  'strict',
]);

/** A copy of a JSON schema without the keys Gemini rejects; `properties` keys are user names and stay. */
export function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED_SCHEMA_KEYS.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, cleanSchema(sub)]));
    } else out[key] = cleanSchema(value);
  }
  return out;
}

/** Ids Gemini does not give us (tool calls, responses): OpenAI-looking and unique. */
export const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

export const parseArgs = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};
