import { relayEnv } from '../../config-relay.js';

/**
 * Prompt tokens of one image when the relay counts a prompt itself, as new-api 0.4.8 does
 * (`service/token_counter.go`): 85 at low detail, 1047 for glm-4v, 256 in a non-streamed request with
 * `GET_MEDIA_TOKEN_NOT_STREAM=false`, three base counts with `GET_MEDIA_TOKEN=false`, else OpenAI's tiles of 512
 * after the short side is brought down to 768 (gpt-4o-mini's larger counts included). The size is read from a
 * `data:` URL's image header (PNG, JPEG, GIF, WebP); an image given by URL is never fetched here (new-api downloads
 * it), so it counts three base counts, as does an image whose size cannot be read (new-api fails the request).
 */
export function imageTokens(
  image: { url?: string; detail?: string | null },
  model: string,
  stream: boolean,
): number {
  if (model === 'glm-4v') return 1047;
  let base = 85;
  if (image.detail === 'low') return base;
  if (!relayEnv.getMediaTokenNotStream && !stream) return 256;
  let tile = 170;
  if (model.startsWith('gpt-4o-mini')) {
    tile = 5667;
    base = 2833;
  }
  if (!relayEnv.getMediaToken) return 3 * base;
  const size = dataUrlImageSize(image.url ?? '');
  if (!size || size.width === 0 || size.height === 0) return 3 * base;
  let short = Math.min(size.width, size.height);
  let other = Math.max(size.width, size.height);
  if (short > 768) {
    const scale = short / 768;
    short = 768;
    other = Math.ceil(other / scale);
  }
  return Math.ceil(short / 512) * Math.ceil(other / 512) * tile + base;
}

/** Enough of the file to hold any of the four formats' size fields (JPEG's SOF may follow a large EXIF block). */
const HEAD_BYTES = 64 * 1024;

/** Width and height from the header of a base64 `data:` image; undefined when it is not one that reads. */
export function dataUrlImageSize(url: string): { width: number; height: number } | undefined {
  const m = /^data:image\/[\w.+-]+;base64,/i.exec(url);
  if (!m) return undefined;
  // Base64 in groups of 4 characters: decode only the head.
  const encoded = url.slice(m[0].length, m[0].length + Math.ceil((HEAD_BYTES / 3) * 4));
  return imageSize(Buffer.from(encoded.slice(0, encoded.length - (encoded.length % 4)), 'base64'));
}

export function imageSize(b: Buffer): { width: number; height: number } | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR')
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return webpSize(b);
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  return undefined;
}

function webpSize(b: Buffer): { width: number; height: number } | undefined {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** Walks the JPEG's segments to its first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}
