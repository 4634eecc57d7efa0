import { countTokens, estimatePromptTokens } from './tokenizer.js';
import type { ChatRequest, Usage } from '../providers/types.js';

/**
 * Usage when the upstream reported none (or a stream was cut off): the prompt and the text actually delivered,
 * counted with a real tokenizer, plus 7 per tool call as new-api does.
 */
export async function countedUsage(
  request: ChatRequest,
  completionText: string,
  toolCalls: number,
): Promise<Usage> {
  const [prompt, [delivered = 0]] = await Promise.all([
    estimatePromptTokens(request),
    countTokens([completionText], request.model),
  ]);
  const completion = delivered + toolCalls * 7;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** Tokens no prompt can avoid: chat templates, a provider's tool-use system prompt (Claude's is ~350). */
const PER_REQUEST = 600;
const PER_MESSAGE = 8;
/** An image or file part: more than any provider charges for one image (Claude tops out near 1,600). */
const PER_MEDIA = 2_500;

const bytes = (s: string | undefined): number => (s ? Buffer.byteLength(s, 'utf8') : 0);
const jsonBytes = (v: unknown): number => (v === undefined ? 0 : bytes(JSON.stringify(v)));

/**
 * An upper bound of the prompt's tokens, for the worst-case hold: byte-level BPE tokenizers never make
 * more tokens than UTF-8 bytes, so text counts its bytes; media parts count a flat ceiling, audio its size.
 * Cheap (no tokenizer); about 4× the real count for English text, which only matters to a nearly empty balance.
 */
export function promptTokenBound(request: ChatRequest): number {
  let n = PER_REQUEST;
  for (const m of request.messages ?? []) {
    n += PER_MESSAGE + bytes(m.role) + bytes(m.name) + bytes(m.reasoning_content);
    if (typeof m.content === 'string') n += bytes(m.content);
    else
      for (const p of m.content ?? []) {
        if (p.type === 'text') n += bytes(p.text);
        else if (p.type === 'input_audio')
          n += Math.ceil(String(p.input_audio?.data ?? '').length / 256) + 100;
        else n += PER_MEDIA;
      }
    if (m.tool_calls) n += jsonBytes(m.tool_calls);
    for (const b of m.thinking_blocks ?? []) n += b.type === 'thinking' ? bytes(b.thinking) : bytes(b.data);
  }
  return n + jsonBytes(request.tools) + jsonBytes(request.response_format);
}

/** What an upstream stream left to bill: its own final usage when it finished, else what was delivered. */
export interface StreamTally {
  /** The upstream's last usage report, partial when the stream did not finish. */
  usage: Usage | undefined;
  /** Delivered text (content, reasoning, tool names and arguments). */
  text: string;
  toolCalls: number;
  /** The upstream ended the answer itself (a finish reason), and the stream was not cut, aborted or errored. */
  finished: boolean;
}

/**
 * The usage to bill for a streamed answer. A finished stream bills the upstream's final usage. An unfinished one
 * (client gone, upstream idle or failing, cut for quota) bills the larger of the upstream's partial completion
 * count and a count of what was delivered: Claude's `message_start` says `output_tokens: 1` and Gemini's early
 * chunks only count the prompt, so trusting partial usage would let a client close the stream before the end and
 * get the answer nearly free. The upstream's prompt count is kept when it gave one.
 */
export async function streamUsage(request: ChatRequest, tally: StreamTally): Promise<Usage> {
  const reported = tally.usage;
  if (tally.finished && hasUsage(reported)) return reported;
  const counted = await countedUsage(request, tally.text, tally.toolCalls);
  if (!reported) return counted;
  const prompt = reported.prompt_tokens > 0 ? reported.prompt_tokens : counted.prompt_tokens;
  const completion = Math.max(reported.completion_tokens, counted.completion_tokens);
  return {
    ...reported,
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}

/** A usage object is only trusted when it counts something. */
export const hasUsage = (u: Usage | undefined): u is Usage =>
  !!u && (u.prompt_tokens > 0 || u.completion_tokens > 0);
