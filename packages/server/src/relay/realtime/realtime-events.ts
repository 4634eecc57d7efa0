import { translate, type Lang } from '@switchboard/sdk';
import type { AudioUsage } from '../billing/audio-quota.js';
import { RelayError } from '../core/relay-error.js';

export type RealtimeEvent = Record<string, unknown> & { type?: unknown };

/** A text frame as an event: a JSON object, else undefined. */
export function parseEvent(text: string): RealtimeEvent | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as RealtimeEvent) : undefined;
  } catch {
    return undefined;
  }
}

export interface RealtimeErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | number | null;
}

/** new-api's `WssError`: an OpenAI realtime `error` event, its id `evt_<request id>`. */
export const errorEvent = (requestId: string, error: RealtimeErrorBody): string =>
  JSON.stringify({ type: 'error', event_id: `evt_${requestId}`, error });

/** A relay failure as an error event's body, in the client's language, with the request id as new-api adds it. */
export function relayErrorBody(err: unknown, requestId: string, lang: Lang): RealtimeErrorBody {
  const e =
    err instanceof RelayError
      ? err
      : new RelayError(500, 'common.internalError', {}, 'new_api_error', 'internal_error');
  const message = e.upstreamMessage ?? translate(e.key ?? 'common.internalError', lang, e.params);
  return { message: `${message} (request id: ${requestId})`, type: e.type, param: e.param, code: e.code };
}

/** What OpenAI answers a frame it cannot read: the session goes on. */
export const invalidFrame = (message: string): RealtimeErrorBody => ({
  message,
  type: 'invalid_request_error',
  param: null,
  code: 'invalid_event',
});

const count = (v: unknown): number => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : 0);

/**
 * The text and audio tokens a `response.done` reports (`response.usage`, new-api's RealtimeUsage); undefined
 * when it reports none (a failed response), which is then billed by the relay's own count.
 */
export function responseUsage(event: RealtimeEvent): AudioUsage | undefined {
  const usage = (event.response as { usage?: Record<string, unknown> } | undefined)?.usage;
  if (!usage || typeof usage !== 'object') return undefined;
  const input = (usage.input_token_details ?? {}) as Record<string, unknown>;
  const output = (usage.output_token_details ?? {}) as Record<string, unknown>;
  return {
    textIn: count(input.text_tokens),
    audioIn: count(input.audio_tokens),
    textOut: count(output.text_tokens),
    audioOut: count(output.audio_tokens),
    input: count(usage.input_tokens),
    output: count(usage.output_tokens),
  };
}

/** Audio bytes per second of each realtime audio format: pcm16 at 24 kHz, G.711 at 8 kHz. */
const BYTES_PER_SECOND: Readonly<Record<string, number>> = {
  pcm16: 48_000,
  g711_ulaw: 8_000,
  g711_alaw: 8_000,
};

/** Seconds of audio in a base64 chunk of `format` (new-api `parseAudio`; unknown formats as 8 kHz). */
export function audioSeconds(base64: unknown, format: string): number {
  if (typeof base64 !== 'string' || !base64) return 0;
  const bytes =
    Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  return bytes / (BYTES_PER_SECOND[format] ?? 8_000);
}

/** new-api's estimates when the upstream's count is missing: 100/0.06 tokens a minute in, 200/0.24 out. */
export const audioTokensIn = (seconds: number): number => Math.floor(((seconds / 60) * 100) / 0.06);
export const audioTokensOut = (seconds: number): number => Math.floor(((seconds / 60) * 200) / 0.24);

/** A cheap estimate of a text's tokens for holds: four UTF-8 bytes a token. */
export const tokensOfBytes = (bytes: number): number => Math.ceil(bytes / 4);

export const textTokens = (text: unknown): number =>
  typeof text === 'string' ? tokensOfBytes(Buffer.byteLength(text, 'utf8')) : 0;
