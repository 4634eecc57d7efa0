import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createClaudeStreamConverter } from '../anthropic/stream.js';
import { UpstreamStreamError } from '../stream-error.js';
import type { ChatChunk, SseEvent } from '../types.js';
import { decodeFrame } from './eventstream.js';
import { bedrockProvider } from './index.js';
import { decodeBedrockStream } from './stream.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
/** Frame sequences encoded by AWS's EventStreamCodec (see __fixtures__/generate.mjs). */
const frames = (name: string) => new Uint8Array(Buffer.from(fixture(name), 'base64'));
const claudeEvents = fixture('stream-events.jsonl').split('\n').filter(Boolean);

/** The body delivered in pieces cut at `cuts`, as the network may. */
async function* pieces(bytes: Uint8Array, cuts: number[] = []): AsyncIterable<Uint8Array> {
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    yield bytes.slice(from, to);
    from = to;
  }
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const event of decodeBedrockStream(body)) out.push(event);
  return out;
}

const expected: SseEvent[] = claudeEvents.map((data) => ({ event: JSON.parse(data).type, data }));

describe('bedrock event stream', () => {
  it('decodes each chunk frame to the Claude event it carries', async () => {
    expect(await collect(pieces(frames('stream.bedrock.b64')))).toEqual(expected);
  });

  it('gives the same events however the bytes are split', async () => {
    const bytes = frames('stream.bedrock.b64');
    for (let cut = 1; cut < bytes.length; cut += 7)
      expect(await collect(pieces(bytes, [cut]))).toEqual(expected);
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(await collect(pieces(bytes, everyByte))).toEqual(expected);
  });

  it("feeds the anthropic converter through the provider's streamEvents hook", async () => {
    const converter = createClaudeStreamConverter('claude-3-5-haiku', () => 1_700_000_000);
    const chunks: ChatChunk[] = [];
    for await (const event of bedrockProvider.streamEvents(pieces(frames('stream.bedrock.b64'))))
      chunks.push(...converter.event(event));
    chunks.push(...converter.end());
    const base = { id: 'msg_bdrk_01StreamA1', object: 'chat.completion.chunk', created: 1_700_000_000 };
    const model = 'claude-3-5-haiku-20241022';
    expect(chunks).toEqual([
      {
        ...base,
        model,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
      },
      { ...base, model, choices: [{ index: 0, delta: { content: 'Bonjour' }, finish_reason: null }] },
      { ...base, model, choices: [{ index: 0, delta: { content: ', ça va ?' }, finish_reason: null }] },
      { ...base, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      { ...base, model, choices: [], usage: { prompt_tokens: 14, completion_tokens: 9, total_tokens: 23 } },
    ]);
  });

  it('turns an exception frame into a Claude error event and stops there', async () => {
    const events = await collect(pieces(frames('stream-exception.bedrock.b64')));
    expect(events.slice(0, 3)).toEqual(expected.slice(0, 3));
    const error = {
      type: 'error',
      error: { type: 'throttlingException', message: 'Too many requests, please wait before trying again.' },
    };
    expect(events.slice(3)).toEqual([{ event: 'error', data: JSON.stringify(error) }]);
    const converter = createClaudeStreamConverter('claude');
    expect(() => events.forEach((e) => converter.event(e))).toThrow(UpstreamStreamError);
  });

  it('throws on a body cut mid-frame or a corrupt checksum', async () => {
    const bytes = frames('stream.bedrock.b64');
    await expect(collect(pieces(bytes.slice(0, bytes.length - 5)))).rejects.toThrow(/middle of a frame/);
    const corrupt = bytes.slice();
    corrupt[40] = corrupt[40]! ^ 0xff;
    await expect(collect(pieces(corrupt))).rejects.toThrow(/checksum/);
  });

  it('reads the string headers of a frame and skips other header types', () => {
    // One header of each non-string type before `:event-type`, encoded by hand (the layout AWS documents).
    const headers = Buffer.concat([
      Buffer.from([4, ...Buffer.from('flag'), 0]),
      Buffer.from([3, ...Buffer.from('num'), 4, 0, 0, 0, 7]),
      Buffer.from([3, ...Buffer.from('bin'), 6, 0, 2, 0xaa, 0xbb]),
      Buffer.from([11, ...Buffer.from(':event-type'), 7, 0, 5, ...Buffer.from('chunk')]),
    ]);
    const frame = Buffer.alloc(16 + headers.length);
    frame.writeUInt32BE(frame.length, 0);
    frame.writeUInt32BE(headers.length, 4);
    frame.writeUInt32BE(crc32(frame.subarray(0, 8)), 8);
    headers.copy(frame, 12);
    frame.writeUInt32BE(crc32(frame.subarray(0, frame.length - 4)), frame.length - 4);
    const message = decodeFrame(frame);
    expect(message.headers).toEqual({ ':event-type': 'chunk' });
    expect(message.body.length).toBe(0);
  });
});
