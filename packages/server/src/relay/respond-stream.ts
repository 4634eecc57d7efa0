import { SseParser } from '@switchboard/sdk';
import type { ServerResponse } from 'node:http';
import type { ChatChunk, ChatProvider, ClientFormat, StreamConverter, Usage } from './providers/types.js';
import type { UpstreamResponse } from './upstream.js';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

export interface StreamOutcome {
  usage: Usage | undefined;
  /** Delivered text, for counting when the upstream reported no usage. */
  text: string;
  toolCalls: number;
  frtMs: number;
  /** The client went away before the end. */
  aborted: boolean;
  /** An error the upstream sent inside the stream. */
  error?: string;
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
  startedAt: number;
}

function write(res: ServerResponse, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}

/**
 * Relays an upstream SSE answer event by event, each written (and so flushed) as it arrives; nothing is buffered.
 * The upstream's own `[DONE]` is swallowed and ours always ends the stream, as new-api does.
 */
export async function relayStream(
  upstream: UpstreamResponse,
  provider: ChatProvider,
  upstreamModel: string,
  target: StreamTarget,
  signal: AbortSignal,
): Promise<StreamOutcome> {
  const { res, encoder } = target;
  const converter: StreamConverter = provider.chatStream(upstreamModel);
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const outcome: StreamOutcome = { usage: undefined, text: '', toolCalls: 0, frtMs: -1000, aborted: false };
  const send = (chunk: ChatChunk, raw?: string) => {
    for (const choice of chunk.choices) {
      const delta = choice.delta ?? {};
      outcome.text +=
        (delta.content ?? '') + (delta.reasoning_content ?? '') + ((choice as { text?: string }).text ?? '');
      for (const call of delta.tool_calls ?? []) {
        if (call.id) outcome.toolCalls++;
        outcome.text += (call.function?.name ?? '') + (call.function?.arguments ?? '');
      }
    }
    if (outcome.frtMs < 0) outcome.frtMs = Math.round(performance.now() - target.startedAt);
    if (encoder) {
      for (const ev of encoder.chunk(chunk))
        write(res, `${ev.event ? `event: ${ev.event}\n` : ''}data: ${ev.data}\n\n`);
      return;
    }
    const usageOnly = chunk.choices.length === 0 && chunk.usage;
    if (usageOnly && !target.clientWantsUsage) return;
    write(res, `data: ${raw ?? JSON.stringify(chunk)}\n\n`);
  };
  res.writeHead(200, SSE_HEADERS);
  try {
    if (provider.streamEvents) {
      for await (const ev of provider.streamEvents(upstream.body))
        for (const chunk of converter.event(ev)) send(chunk);
    } else {
      for await (const buf of upstream.body) {
        for (const ev of parser.feed(decoder.decode(buf as Buffer, { stream: true }))) {
          for (const chunk of converter.event(ev)) send(chunk, target.passThrough ? ev.data : undefined);
        }
      }
    }
    for (const ev of parser.end()) for (const chunk of converter.event(ev)) send(chunk);
    for (const chunk of converter.end()) send(chunk);
  } catch (err) {
    if (signal.aborted) outcome.aborted = true;
    else if ((err as { code?: string }).code !== 'UND_ERR_BODY_TIMEOUT') {
      // An idle upstream ends the stream normally (STREAMING_TIMEOUT); anything else is reported in-stream.
      outcome.error = (err as { error?: { message?: string } }).error?.message ?? (err as Error).message;
    }
  }
  outcome.usage = converter.usage();
  return outcome;
}

/** Writes what ends the stream: the error if any, the usage chunk owed to OpenAI clients, the done marker. */
export function finishStream(target: StreamTarget, outcome: StreamOutcome, usage: Usage, id: string): void {
  const { res, encoder } = target;
  if (outcome.aborted) return void res.end();
  if (encoder) {
    for (const ev of encoder.end(usage)) {
      write(res, `${ev.event ? `event: ${ev.event}\n` : ''}data: ${ev.data}\n\n`);
    }
    return void res.end();
  }
  if (outcome.error) {
    write(
      res,
      `data: ${JSON.stringify({ error: { message: outcome.error, type: 'upstream_error', code: null } })}\n\n`,
    );
  } else if (target.clientWantsUsage && !outcome.usage) {
    const chunk = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000) };
    write(res, `data: ${JSON.stringify({ ...chunk, model: target.requestedModel, choices: [], usage })}\n\n`);
  }
  write(res, 'data: [DONE]\n\n');
  res.end();
}
