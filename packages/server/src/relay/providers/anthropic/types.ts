/**
 * The parts of Anthropic's Messages API wire format the relay reads and writes (API version 2023-06-01).
 * Shared by the upstream adapter (unified → Claude) and the client format (Claude → unified).
 */

export type ClaudeImageSource =
  { type: 'base64'; media_type: string; data: string } | { type: 'url'; url: string };

export type ClaudeContentBlock =
  | { type: 'text'; text: string; cache_control?: unknown }
  | { type: 'image'; source: ClaudeImageSource; cache_control?: unknown }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown; cache_control?: unknown }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content?: string | ClaudeContentBlock[];
      is_error?: boolean;
      cache_control?: unknown;
    };

export interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: string | ClaudeContentBlock[];
}

export interface ClaudeTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  /** Set on Anthropic's server tools (web_search_…); absent or `custom` on client tools. */
  type?: string;
  cache_control?: unknown;
}

export type ClaudeToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'none' }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean };

export interface ClaudeThinking {
  type: 'enabled' | 'disabled' | 'adaptive';
  budget_tokens?: number;
}

export interface ClaudeRequest {
  model: string;
  messages: ClaudeMessage[];
  max_tokens: number;
  system?: string | { type: 'text'; text: string; cache_control?: unknown }[];
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: boolean;
  tools?: ClaudeTool[];
  tool_choice?: ClaudeToolChoice;
  thinking?: ClaudeThinking;
  metadata?: { user_id?: string };
}

export type ClaudeStopReason =
  'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | null;

export interface ClaudeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

export interface ClaudeResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ClaudeContentBlock[];
  stop_reason: ClaudeStopReason;
  stop_sequence: string | null;
  usage: ClaudeUsage;
}

/** Anthropic's error body, also sent as the data of an `error` stream event. */
export interface ClaudeErrorBody {
  type: 'error';
  error: { type: string; message: string };
}
