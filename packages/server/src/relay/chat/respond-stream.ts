import { SseParser } from '@switchboard/sdk';
import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type {
  ChatChunk,
  ChatProvider,
  ClientFormat,
  NativeClient,
  ProviderError,
  SseEvent,
  StreamConverter,
  Usage,
} from '../providers/types.js';
import type { StreamBudget } from '../billing/stream-budget.js';
import type { UpstreamResponse } from '../upstream/upstream.js';
import type { CancelSignal } from '../core/client-gone.js';
import type { StreamTally } from '../billing/usage-count.js';
import { readChunks } from '../upstream/read-chunks.js';
import { writeHead } from '../core/exchange.js';

const SSE_HEADERS = [
  'content-type',
  'text/event-stream',
  'cache-control',
  'no-cache',
  'connection',
  'keep-alive',
  'x-accel-buffering',
  'no',
];

export interface StreamOutcome extends StreamTally {
  frtMs: number;
  /** `performance.now()` at the first chunk; 0 when none came. */
  firstAt: number;
  /** The client went away before the end. */
  aborted: boolean;
  /** An error the upstream sent inside the stream, or why the relay ended it (idle upstream, quota). */
  error?: string;
  /** The error came as an upstream event that was already forwarded to the client (same-format pass-through). */
  errorForwarded?: boolean;
}

export interface StreamTarget {
  res: ServerResponse;
  /** The client format's encoder (Claude, Gemini clients); none for OpenAI clients. */
  encoder: ReturnType<ClientFormat['streamFromUnified']> | undefined;
  requestedModel: string;
  /** OpenAI clients only get the usage chunk when they asked for it (stream_options.include_usage). */
  clientWantsUsage: boolean;
  /** Forward OpenAI-format upstream events byte for byte (no translation, no re-serialising). */
  passThrough: boolean;
  /**
   * Same-format pass-through (a Claude or Gemini client on a channel of its format): upstream events go to the
   * client as they are, and are converted only to count the answer and read its usage.
   */
  native?: NativeClient;
  /** The client format's own stream error event (Claude's `event: error`, Gemini's error object). */
  streamError?: (error: ProviderError) => SseEvent;
  /** Set when model_mapping renamed the model: OpenAI-format events passed through carry the upstream's name. */
  renameFrom?: string;
  /** Cuts the stream when the answer outgrows what the caller's balance can hold. */
  budget?: StreamBudget;
  startedAt: number;
}

/** The first `"model": "…"` of an OpenAI-format event (its top-level field: nested strings are escaped). */
const MODEL_FIELD = /"model"\s*:\s*"(?:[^"\\]|\\.)*"/;

/** An OpenAI-format event's JSON with its model field saying `name`. */
export const withModel = (raw: string, name: string): string =>
  raw.replace(MODEL_FIELD, `"model":${JSON.stringify(name)}`);

function write(res: ServerResponse, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}

/** One event as SSE text; a data value with line breaks takes one `data:` line per line, as SSE requires. */
const sseText = (ev: SseEvent): string =>
  `${ev.event ? `event: ${ev.event}\n` : ''}${ev.data
    .split('\n')
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;

const IDLE_TIMEOUT = 'upstream stream idle timeout (STREAMING_TIMEOUT)';
const QUOTA_CUT = 'insufficient quota: the answer was cut where the balance ran out';

const errorMessage = (err: unknown): string =>
  (err as { error?: { message?: string } }).error?.message ?? (err as Error).message;

/**
 * Relays an upstream SSE answer as it arrives: the events of each upstream read go out in one write (and so
 * one flush) before the next read; nothing waits for more. The upstream's own `[DONE]` is swallowed and ours
 * always ends the stream, as new-api does.
 */
export async function relayStream(
  upstream: UpstreamResponse,
  provider: ChatProvider,
  upstreamModel: string,
  target: StreamTarget,
  signal: CancelSignal,
): Promise<StreamOutcome> {
  const { res, encoder, native } = target;
  const converter: StreamConverter = provider.chatStream(upstreamModel);
  const parser = new SseParser();
  const decoder = new StringDecoder('utf8');
  const outcome: StreamOutcome = {
    usage: undefined,
    text: '',
    toolCalls: 0,
    frtMs: -1000,
    firstAt: 0,
    aborted: false,
    finished: false,
  };
  const firstByte = () => {
    if (outcome.frtMs >= 0) return;
    outcome.firstAt = performance.now();
    outcome.frtMs = Math.round(outcome.firstAt - target.startedAt);
  };
  // Each res.write of a chunked answer is four socket writes: one per upstream read, not one per event.
  let out = '';
  const flush = () => {
    if (out) write(res, out);
    out = '';
  };
  const count = (chunk: ChatChunk) => {
    for (const choice of chunk.choices) {
      if (choice.finish_reason) outcome.finished = true;
      const delta = choice.delta ?? {};
      outcome.text +=
        (delta.content ?? '') + (delta.reasoning_content ?? '') + ((choice as { text?: string }).text ?? '');
      for (const call of delta.tool_calls ?? []) {
        if (call.id) outcome.toolCalls++;
        outcome.text += (call.function?.name ?? '') + (call.function?.arguments ?? '');
      }
    }
  };
  const send = (chunk: ChatChunk, raw?: string) => {
    count(chunk);
    firstByte();
    if (encoder) {
      for (const ev of encoder.chunk(chunk)) out += sseText(ev);
      return;
    }
    const usageOnly = chunk.choices.length === 0 && chunk.usage;
    if (usageOnly && !target.clientWantsUsage) return;
    if (raw === undefined) {
      chunk.model = target.requestedModel;
      raw = JSON.stringify(chunk);
    } else if (target.renameFrom) raw = withModel(raw, target.requestedModel);
    out += `data: ${raw}\n\n`;
  };
  const forward = (ev: SseEvent, client: NativeClient) => {
    firstByte();
    out += sseText(client.event(ev, target.requestedModel));
    try {
      for (const chunk of converter.event(ev)) count(chunk);
    } catch (err) {
      // The upstream's own error event, already on its way to the client as it was sent.
      outcome.error ??= errorMessage(err);
      outcome.errorForwarded = true;
    }
  };
  const onEvent = (ev: SseEvent, raw?: string) => {
    if (native) forward(ev, native);
    else for (const chunk of converter.event(ev)) send(chunk, raw);
  };
  const { budget } = target;
  /** True once the answer outgrew the caller's balance: the rest of the upstream's stream is dropped. */
  let cut = false;
  const overBudget = async () => (cut = !(await budget!.check(outcome.text, outcome.toolCalls)));
  const due = () => budget?.due(outcome.text.length) === true;
  /** Whether to read on after an upstream read: counting waits for the tokenizer only when the budget is near. */
  const goOn = () => (due() ? overBudget().then((over) => !over) : true);
  writeHead(res, 200, SSE_HEADERS);
  try {
    if (provider.streamEvents) {
      for await (const ev of provider.streamEvents(upstream.body)) {
        onEvent(ev);
        flush();
        if (due() && (await overBudget())) break;
      }
    } else {
      await readChunks(upstream.body, (buf) => {
        for (const ev of parser.feed(decoder.write(buf)))
          onEvent(ev, target.passThrough ? ev.data : undefined);
        flush();
        return goOn();
      });
    }
    if (cut || (due() && (await overBudget()))) outcome.error = QUOTA_CUT;
    else {
      for (const ev of parser.end()) onEvent(ev);
      for (const chunk of converter.end()) (native ? count : send)(chunk);
      flush();
    }
  } catch (err) {
    // What the events before the failure produced is the client's: their quota is billed.
    flush();
    if (signal.aborted) outcome.aborted = true;
    else if ((err as { code?: string }).code === 'UND_ERR_BODY_TIMEOUT') outcome.error = IDLE_TIMEOUT;
    else outcome.error = errorMessage(err);
  }
  if (outcome.aborted || outcome.error) outcome.finished = false;
  outcome.usage = converter.usage();
  return outcome;
}

/**
 * Writes what ends the stream in the client's own format: an error event when the stream did not end well (so
 * every SDK reports an error rather than a truncated answer), else the final events; for OpenAI clients the usage
 * chunk they asked for and the done marker.
 */
export function finishStream(target: StreamTarget, outcome: StreamOutcome, usage: Usage, id: string): void {
  const { res, encoder, native } = target;
  if (outcome.aborted) return void res.end();
  const error = outcome.error ? { message: outcome.error, type: 'upstream_error', code: null } : undefined;
  if (native) {
    // The upstream's own events, end included, are all the client gets; a cut stream gets an error event.
    return end(res, error && !outcome.errorForwarded ? sseText(native.streamError(error)) : '');
  }
  if (encoder) {
    if (error && target.streamError) return end(res, sseText(target.streamError(error)));
    return end(res, encoder.end(usage).map(sseText).join(''));
  }
  let tail = '';
  if (outcome.error) {
    tail = `data: ${JSON.stringify({ error: { message: outcome.error, type: 'upstream_error', code: null } })}\n\n`;
  } else if (target.clientWantsUsage && !outcome.usage) {
    const chunk = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000) };
    tail = `data: ${JSON.stringify({ ...chunk, model: target.requestedModel, choices: [], usage })}\n\n`;
  }
  end(res, `${tail}data: [DONE]\n\n`);
}

/** The last events and the end of the answer in one write. */
function end(res: ServerResponse, text: string): void {
  if (text && !res.writableEnded && !res.destroyed) res.end(text);
  else res.end();
}
