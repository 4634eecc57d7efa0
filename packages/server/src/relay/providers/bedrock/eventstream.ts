/**
 * AWS's binary event-stream framing (`application/vnd.amazon.eventstream`), decode side only. A frame is
 * [total length u32][headers length u32][prelude CRC32][headers][payload][message CRC32], big-endian. Written out
 * because @smithy/eventstream-codec cannot be loaded under this repo's vitest conditions; the tests decode frames
 * that AWS's codec encoded.
 */
import { crc32 } from 'node:zlib';

export interface EventStreamMessage {
  /** String-valued headers (`:message-type`, `:event-type`, `:exception-type`, …); other header types are skipped. */
  headers: Record<string, string>;
  body: Uint8Array;
}

const PRELUDE = 12;
const MIN_FRAME = 16;
/** Bytes of a header value by type tag, for the fixed-size types (0/1 booleans carry none). */
const FIXED_SIZE: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };
const utf8 = new TextDecoder();

function readHeaders(bytes: Uint8Array): Record<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: Record<string, string> = {};
  let at = 0;
  while (at < bytes.length) {
    const nameLength = view.getUint8(at);
    const name = utf8.decode(bytes.subarray(at + 1, at + 1 + nameLength));
    at += 1 + nameLength;
    const type = view.getUint8(at++);
    const fixed = FIXED_SIZE[type];
    if (fixed !== undefined) {
      at += fixed;
    } else if (type === 6 || type === 7) {
      const length = view.getUint16(at, false);
      if (type === 7) headers[name] = utf8.decode(bytes.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    } else {
      throw new Error(`event stream: unknown header type ${type}`);
    }
  }
  if (at !== bytes.length) throw new Error('event stream: headers overrun');
  return headers;
}

/** One whole frame → its message; throws when a CRC does not match (a corrupt or misframed body). */
export function decodeFrame(frame: Uint8Array): EventStreamMessage {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const total = view.getUint32(0, false);
  const headersLength = view.getUint32(4, false);
  if (total !== frame.length || PRELUDE + headersLength + 4 > total)
    throw new Error('event stream: bad frame lengths');
  if (crc32(frame.subarray(0, 8)) !== view.getUint32(8, false))
    throw new Error('event stream: prelude checksum mismatch');
  if (crc32(frame.subarray(0, total - 4)) !== view.getUint32(total - 4, false))
    throw new Error('event stream: message checksum mismatch');
  return {
    headers: readHeaders(frame.subarray(PRELUDE, PRELUDE + headersLength)),
    body: frame.subarray(PRELUDE + headersLength, total - 4),
  };
}

/**
 * Splits a byte stream, however the network chunked it, into messages. A body that ends mid-frame throws: the
 * answer was cut off, and the pipeline should report that rather than end quietly.
 */
export async function* decodeFrames(chunks: AsyncIterable<Uint8Array>): AsyncIterable<EventStreamMessage> {
  let buffer: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    if (buffer.length === 0) buffer = chunk;
    else {
      const joined = new Uint8Array(buffer.length + chunk.length);
      joined.set(buffer);
      joined.set(chunk, buffer.length);
      buffer = joined;
    }
    while (buffer.length >= 4) {
      const total = new DataView(buffer.buffer, buffer.byteOffset, 4).getUint32(0, false);
      if (total < MIN_FRAME) throw new Error(`event stream: invalid frame length ${total}`);
      if (buffer.length < total) break;
      yield decodeFrame(buffer.subarray(0, total));
      buffer = buffer.subarray(total);
    }
  }
  if (buffer.length > 0) throw new Error('event stream: body ended in the middle of a frame');
}
