/**
 * The relay's contract with provider adapters. Inside the relay every chat is in OpenAI's chat-completions
 * format (the "unified" format); an adapter translates it to one upstream API and back, and a client format
 * translates what a client sent (Claude's /v1/messages, Gemini's generateContent) to and from it.
 * Adapters are pure: no I/O, no retries, no billing (those live in the pipeline).
 */

import type { z } from 'zod';
import type { ChatRequestSchema, ThinkingBlock, ToolCall } from '../core/chat-request-schema.js';
import type { ProviderSettings } from './settings.js';

export type {
  CacheControl,
  ChatTool,
  ContentPart,
  ThinkingBlock,
  ToolCall,
} from '../core/chat-request-schema.js';

/** A piece of a tool call in a stream: the first delta of a call carries id and name, later ones arguments. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** An OpenAI chat-completions request, as its schema checks it (the relay's unified format). */
export type ChatRequest = z.output<typeof ChatRequestSchema>;

export type ChatMessage = ChatRequest['messages'][number];

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /**
   * `prompt_tokens` includes both cache counts: `cached_tokens` were read from the upstream's prompt cache,
   * `cache_creation_tokens` were written to it.
   */
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number; cache_creation_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number };
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;

export interface ChatResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: {
      role: 'assistant';
      content: string | null;
      tool_calls?: ToolCall[];
      reasoning_content?: string;
      thinking_blocks?: ThinkingBlock[];
    };
    finish_reason: FinishReason;
  }[];
  usage?: Usage;
}

export interface ChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: 'assistant';
      content?: string | null;
      reasoning_content?: string;
      /** Pieces of thinking blocks: thinking text, then the block's signature; redacted blocks whole. */
      thinking_blocks?: ThinkingBlock[];
      tool_calls?: ToolCallDelta[];
    };
    finish_reason: FinishReason;
  }[];
  usage?: Usage | null;
}

/** One server-sent event: `event:` (optional) and `data:` lines. */
export interface SseEvent {
  event?: string;
  data: string;
}

/** What an adapter needs to know of a channel; the key is already decrypted. */
export interface ChannelConfig {
  id: number;
  type: number;
  key: string;
  /** Without trailing slash; empty means the provider's default. */
  baseUrl: string;
  /** Type-specific extra: API version (Azure, Gemini), region (Vertex), … */
  other: string;
  organization: string;
  /** Parsed `setting` JSON (force_format, thinking_to_content, proxy, …). */
  setting: Record<string, unknown>;
}

/** The HTTP call to make upstream. */
export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

/** An error as the pipeline reports it: OpenAI's error object fields. */
export interface ProviderError {
  message: string;
  type: string;
  code: string | number | null;
}

/** Turns an upstream's stream into unified chunks; one instance per response. */
export interface StreamConverter {
  /** Chunks for one upstream event (often one, sometimes none). */
  event(event: SseEvent): ChatChunk[];
  /** Chunks still owed when the upstream stream ends. */
  end(): ChatChunk[];
  /** Usage reported by the upstream so far, if any. */
  usage(): Usage | undefined;
}

/**
 * What an attempt knows beyond the channel: the console's provider settings and the model the client asked for
 * (some settings are keyed by it). Absent, an adapter uses new-api's defaults.
 */
export interface AttemptContext {
  settings: ProviderSettings;
  requestedModel: string;
}

/** One upstream API for chat. `model` is the upstream model name (after model_mapping). */
export interface ChatProvider {
  /** May be async: some providers sign requests or fetch an access token first. */
  chatRequest(
    channel: ChannelConfig,
    request: ChatRequest,
    model: string,
    attempt?: AttemptContext,
  ): UpstreamRequest | Promise<UpstreamRequest>;
  chatResponse(body: unknown, model: string): ChatResponse;
  chatStream(model: string): StreamConverter;
  /** Reads an upstream error body (already JSON-parsed when it was JSON, else the text). */
  error(status: number, body: unknown): ProviderError;
  /** For upstreams whose streams are not text SSE (Bedrock's binary eventstream): decodes them into events. */
  streamEvents?(body: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent>;
  /** Set when the upstream also speaks a client format, so that client's own body can be forwarded. */
  native?: NativeUpstream;
}

/** Client formats some upstreams speak as they are (Claude Messages, Gemini generateContent). */
export type NativeDialect = 'claude' | 'gemini';

/** A client's own request, for an upstream that speaks its format (same-format pass-through). */
export interface NativeRequest {
  /** The body exactly as the client sent it. */
  body: Record<string, unknown>;
  /** The client's headers the upstream honours (Claude's `anthropic-beta`), lower-case names. */
  headers: Record<string, string>;
  stream: boolean;
}

/** An upstream's side of same-format pass-through. */
export interface NativeUpstream {
  /** The client format the upstream speaks for `model` (the upstream name), if any. */
  dialect(model: string): NativeDialect | undefined;
  /** The upstream call carrying the client's own body, with `model` in place of the client's model name. */
  request(
    channel: ChannelConfig,
    request: NativeRequest,
    model: string,
    attempt?: AttemptContext,
  ): UpstreamRequest | Promise<UpstreamRequest>;
}

/** A client format's side of same-format pass-through: the upstream's answer reaches the client unconverted. */
export interface NativeClient {
  dialect: NativeDialect;
  /** The upstream's JSON answer as the client gets it; `body` is `text` parsed (and may be changed). */
  response(text: string, body: unknown, requestedModel: string): string;
  /** One upstream stream event as the client gets it. */
  event(event: SseEvent, requestedModel: string): SseEvent;
  /** A failure the upstream's stream did not report itself (a cut connection), as the format's error event. */
  streamError(error: ProviderError): SseEvent;
}

/** A client-facing API other than OpenAI's (Claude messages, Gemini generateContent), converted to unified. */
export interface ClientFormat {
  /** The client's request body → unified; `model` comes from the path for Gemini. */
  toUnified(body: unknown, model?: string): ChatRequest;
  /** Unified response → the client's response body. */
  fromUnified(response: ChatResponse, requestedModel: string): unknown;
  /** A stateful converter of unified chunks → the client's SSE events. */
  streamFromUnified(requestedModel: string): {
    chunk(chunk: ChatChunk): SseEvent[];
    /** Final events (e.g. message_stop); `usage` is the settled usage. */
    end(usage: Usage | undefined): SseEvent[];
  };
  /** An error in the client's own error shape. */
  errorBody(status: number, error: ProviderError): unknown;
  /** Set when some upstreams speak this format: their answers are then relayed as they come. */
  native?: NativeClient;
}
