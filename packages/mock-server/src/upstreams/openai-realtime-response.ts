import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { countWords, REPLY_WORDS } from './openai-responses.js';
import { replyScript } from './script.js';

type Json = Record<string, unknown>;

/** The fake's conversation: items in order, audio appended but not committed, the response under way. */
export interface Conversation {
  items: Json[];
  audioBytes: number;
  responding: AbortController | undefined;
}

/** pcm16 at 24 kHz: 4800 bytes are 100 ms, one input audio token; each reply word is spoken in 100 ms. */
export const AUDIO_BYTES_PER_TOKEN_IN = 4800;
export const AUDIO_BYTES_PER_WORD = 4800;
/** Output audio tokens per spoken word (one per 50 ms). */
export const AUDIO_TOKENS_PER_WORD = 2;

/** What the next response reads: every item of the conversation, its text in words and its audio in tokens. */
function inputTokens(conversation: Conversation, session: Json, options: Json) {
  let text = countWords(String(session.instructions ?? '')) + countWords(String(options.instructions ?? ''));
  let audio = 0;
  for (const item of conversation.items) {
    if (typeof item.textTokens === 'number') text += item.textTokens;
    if (typeof item.audioTokens === 'number') audio += item.audioTokens;
    if (typeof item.audioBytes === 'number') audio += Math.ceil(item.audioBytes / AUDIO_BYTES_PER_TOKEN_IN);
    for (const part of (item.content as Json[] | undefined) ?? [])
      text += countWords(String(part.text ?? ''));
  }
  return { text, audio };
}

/**
 * One response: response.created, an output item, the deltas (a transcript and audio per word, or text), then
 * response.done with usage. The reply script sets its length and pace, and may cut the connection (`drop`) or
 * go quiet (`stall`) after that many words; response.cancel ends it early, reported as cancelled.
 */
export async function respond(
  ws: WebSocket,
  send: (event: Json) => void,
  id: (prefix: string) => string,
  session: Json,
  conversation: Conversation,
  options: Json,
): Promise<void> {
  const script = replyScript();
  const modalities = (options.modalities ?? session.modalities) as string[];
  const audio = modalities.includes('audio');
  const total = script.words ?? REPLY_WORDS.length;
  const words = Array.from({ length: total }, (_, i) => REPLY_WORDS[i % REPLY_WORDS.length]!);
  const input = inputTokens(conversation, session, options);
  const abort = new AbortController();
  conversation.responding = abort;
  const responseId = id('resp');
  const itemId = id('item');
  const at = { response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 };
  send({
    type: 'response.created',
    response: {
      id: responseId,
      object: 'realtime.response',
      status: 'in_progress',
      status_details: null,
      output: [],
      usage: null,
    },
  });
  const item = {
    id: itemId,
    object: 'realtime.item',
    type: 'message',
    status: 'in_progress',
    role: 'assistant',
    content: [],
  };
  send({ type: 'response.output_item.added', response_id: responseId, output_index: 0, item });
  send({ type: 'conversation.item.created', previous_item_id: null, item });
  send({
    type: 'response.content_part.added',
    ...at,
    part: audio ? { type: 'audio', transcript: '' } : { type: 'text', text: '' },
  });
  let spoken = 0;
  for (const word of words) {
    if (abort.signal.aborted || ws.readyState !== ws.OPEN) break;
    if (script.fault && spoken === script.fault.after) {
      if (script.fault.mode === 'drop') return void ws.terminate();
      return;
    }
    const delta = spoken < total - 1 ? `${word} ` : word;
    if (audio) {
      send({ type: 'response.audio_transcript.delta', ...at, delta });
      send({
        type: 'response.audio.delta',
        ...at,
        delta: Buffer.alloc(AUDIO_BYTES_PER_WORD).toString('base64'),
      });
    } else send({ type: 'response.text.delta', ...at, delta });
    spoken++;
    if (script.eventDelayMs) await sleep(script.eventDelayMs);
  }
  if (ws.readyState !== ws.OPEN) return;
  conversation.responding = undefined;
  const said = words.slice(0, spoken).join(' ');
  const audioOut = audio ? spoken * AUDIO_TOKENS_PER_WORD : 0;
  if (audio) {
    send({ type: 'response.audio.done', ...at });
    send({ type: 'response.audio_transcript.done', ...at, transcript: said });
  } else send({ type: 'response.text.done', ...at, text: said });
  const status = abort.signal.aborted ? 'cancelled' : 'completed';
  const done = {
    ...item,
    status: status === 'completed' ? 'completed' : 'incomplete',
    content: [audio ? { type: 'audio', transcript: said } : { type: 'text', text: said }],
  };
  send({ type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done });
  conversation.items.push({ ...done, content: [], textTokens: spoken, audioTokens: audioOut });
  send({
    type: 'response.done',
    response: {
      id: responseId,
      object: 'realtime.response',
      status,
      status_details: null,
      output: [done],
      usage: {
        total_tokens: input.text + input.audio + spoken + audioOut,
        input_tokens: input.text + input.audio,
        output_tokens: spoken + audioOut,
        input_token_details: {
          cached_tokens: 0,
          text_tokens: input.text,
          audio_tokens: input.audio,
          cached_tokens_details: { text_tokens: 0, audio_tokens: 0 },
        },
        output_token_details: { text_tokens: spoken, audio_tokens: audioOut },
      },
    },
  });
}
