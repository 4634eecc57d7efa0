/**
 * Fake answers of OpenAI's non-chat endpoints: images, speech, transcription, edits, moderation and rerank. Fixed
 * content with countable usage, so relay tests can predict every charge.
 */
import type { ServerResponse } from 'node:http';
import { countWords } from './openai-responses.js';

type Json = Record<string, unknown>;

/** A few bytes that start like an MP3 frame; clients only need a binary body. */
export const SPEECH_BYTES = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00]);
export const TRANSCRIPT = 'hello from the mock transcription';

/** Handles `route` when it is one of these endpoints; answers whether it did. */
export function mediaRoute(
  route: string,
  json: Json,
  body: unknown,
  created: number,
  res: ServerResponse,
): boolean {
  const sendJson = (value: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  switch (route) {
    case 'POST /images/generations': {
      const n = Math.max(1, Number(json.n ?? 1));
      sendJson({
        created,
        data: Array.from({ length: n }, (_, i) => ({ url: `https://images.mock/${created}-${i}.png` })),
      });
      return true;
    }
    case 'POST /audio/speech':
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(SPEECH_BYTES);
      return true;
    case 'POST /audio/transcriptions':
    case 'POST /audio/translations':
      // Multipart arrives as text here; a real upstream would decode the file.
      sendJson({ text: typeof body === 'string' && body.includes('filename=') ? TRANSCRIPT : '' });
      return true;
    case 'POST /edits': {
      // The retired edits API: the input with the instruction applied, words counted as tokens.
      const input = String(json.input ?? '');
      const instruction = String(json.instruction ?? '');
      const text = `${input} (edited: ${instruction})`.trim();
      const prompt = countWords(input) + countWords(instruction);
      const completion = countWords(text);
      sendJson({
        object: 'edit',
        created,
        choices: [{ text, index: 0 }],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      });
      return true;
    }
    case 'POST /moderations':
      sendJson({
        id: `modr-${created}`,
        model: json.model ?? 'text-moderation-stable',
        results: [{ flagged: false, categories: { violence: false }, category_scores: { violence: 0.0001 } }],
      });
      return true;
    case 'POST /rerank': {
      const docs = Array.isArray(json.documents) ? json.documents : [];
      const words =
        docs.join(' ').split(/\s+/).filter(Boolean).length + String(json.query ?? '').split(/\s+/).length;
      sendJson({
        results: docs.map((_, index) => ({ index, relevance_score: 1 / (index + 1) })),
        usage: { prompt_tokens: words, total_tokens: words },
      });
      return true;
    }
    default:
      return false;
  }
}
