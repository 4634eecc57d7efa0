import type { ChannelConfig, Usage } from './types.js';
import type { ProviderSettings } from './settings.js';

/** One OpenAI endpoint other than chat, as an adapter is asked to call it upstream. */
export interface EndpointCall {
  /** The client's JSON body (or its multipart fields), `model` already the upstream's name. */
  body: Record<string, unknown>;
  /** The upstream model name (after model_mapping). */
  model: string;
  /** The console's provider settings (Gemini's API version); new-api's defaults when absent. */
  settings?: ProviderSettings;
}

/** The HTTP call an endpoint adapter makes: always a POST of a JSON text body. */
export interface EndpointRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** An upstream's answer in OpenAI's shape, and the usage it reported when it reported one. */
export interface EndpointAnswer {
  body: unknown;
  usage?: Usage;
}

/**
 * How one channel type serves one OpenAI endpoint (embeddings, rerank, images) whose upstream API differs from
 * OpenAI's: the request to make, and its JSON answer turned into OpenAI's. Pure, like the chat adapters.
 */
export interface EndpointAdapter {
  request(channel: ChannelConfig, call: EndpointCall): EndpointRequest;
  /** `answer` is the upstream's 2xx JSON; undefined `response` means it is OpenAI's already. */
  response?(answer: unknown, requestedModel: string): EndpointAnswer;
}

/** Bearer-authenticated JSON, what most of these upstreams take. */
export const bearerJson = (channel: ChannelConfig): Record<string, string> => ({
  authorization: `Bearer ${channel.key}`,
  'content-type': 'application/json',
});

/** The texts of an OpenAI embeddings `input`: a string, or a list of strings (token-id arrays are dropped). */
export function inputTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input)) return input.filter((v): v is string => typeof v === 'string');
  return [];
}

/** A non-negative integer from foreign JSON, else undefined. */
export const count = (v: unknown): number | undefined =>
  Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined;

/** Usage of an endpoint that only has input tokens. */
export const inputUsage = (tokens: number): Usage => ({
  prompt_tokens: tokens,
  completion_tokens: 0,
  total_tokens: tokens,
});
