import type { AudioUsage } from '../billing/audio-quota.js';
import {
  audioSeconds,
  audioTokensIn,
  audioTokensOut,
  textTokens,
  tokensOfBytes,
  type RealtimeEvent,
} from './realtime-events.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** Output deltas of the beta protocol (new-api's) and of the GA one, text and audio. */
const TEXT_DELTAS = new Set([
  'response.text.delta',
  'response.audio_transcript.delta',
  'response.function_call_arguments.delta',
  'response.output_text.delta',
  'response.output_audio_transcript.delta',
]);
const AUDIO_DELTAS = new Set(['response.audio.delta', 'response.output_audio.delta']);

/**
 * The relay's own count of a realtime session, what the next (or current) response will read and has written,
 * as new-api counts when the upstream's usage is missing: text by its size, audio by its duration. A response
 * reads the whole conversation again, so each reported response's tokens become the next one's input.
 */
export class RealtimeCount {
  private inputFormat = 'pcm16';
  private outputFormat = 'pcm16';
  /** The session's instructions, read by every response. */
  private instructions = 0;
  /** The conversation so far, as the last response's usage counted it. */
  private context = { text: 0, audio: 0 };
  /** Input added since the last response: text bytes and audio seconds, counted as tokens at the end. */
  private added = { bytes: 0, seconds: 0 };
  /** Output of the response under way, likewise. */
  private out = { bytes: 0, seconds: 0 };
  /** A response is under way: from the upstream's `response.created` to its `response.done`. */
  responding = false;

  client(event: RealtimeEvent): void {
    switch (event.type) {
      case 'session.update': {
        const session = obj(event.session);
        if (typeof session.instructions === 'string') this.instructions = textTokens(session.instructions);
        if (typeof session.input_audio_format === 'string') this.inputFormat = session.input_audio_format;
        break;
      }
      case 'input_audio_buffer.append':
        this.added.seconds += audioSeconds(event.audio, this.inputFormat);
        break;
      case 'conversation.item.create':
        for (const part of Array.isArray(obj(event.item).content)
          ? (obj(event.item).content as unknown[])
          : []) {
          const p = obj(part);
          this.added.bytes += bytesOf(p.text);
          this.added.seconds += audioSeconds(p.audio, this.inputFormat);
        }
        break;
      case 'response.create':
        this.added.bytes += bytesOf(obj(event.response).instructions);
        break;
    }
  }

  upstream(event: RealtimeEvent): void {
    const type = String(event.type);
    if (TEXT_DELTAS.has(type)) this.out.bytes += bytesOf(event.delta);
    else if (AUDIO_DELTAS.has(type)) this.out.seconds += audioSeconds(event.delta, this.outputFormat);
    else if (type === 'response.created') this.responding = true;
    else if (type === 'session.created' || type === 'session.updated') {
      const session = obj(event.session);
      if (typeof session.input_audio_format === 'string') this.inputFormat = session.input_audio_format;
      if (typeof session.output_audio_format === 'string') this.outputFormat = session.output_audio_format;
    }
  }

  /** The response under way (or the next one) as counted so far. */
  estimate(): AudioUsage {
    return {
      textIn: this.instructions + this.context.text + tokensOfBytes(this.added.bytes),
      audioIn: this.context.audio + audioTokensIn(this.added.seconds),
      textOut: tokensOfBytes(this.out.bytes),
      audioOut: audioTokensOut(this.out.seconds),
    };
  }

  /** A response finished with `usage`: its input and output are the conversation the next one reads. */
  responded(usage: AudioUsage): void {
    this.context = {
      text: Math.max(0, usage.textIn - this.instructions) + usage.textOut,
      audio: usage.audioIn + usage.audioOut,
    };
    this.added = { bytes: 0, seconds: 0 };
    this.out = { bytes: 0, seconds: 0 };
    this.responding = false;
  }
}

const bytesOf = (text: unknown): number => (typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : 0);
