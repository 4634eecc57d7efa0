import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RELAY_ENV_DEFAULTS, useRelayEnv } from '../../config-relay.js';
import { dataUrlImageSize, imageTokens } from './image-tokens.js';
import { estimatePromptTokens } from './tokenizer.js';

/* GET_MEDIA_TOKEN*: images in a prompt the relay counts itself, as new-api 0.4.8 counts them. Fixtures are real
 * encoders' output (Chromium's canvas for JPEG, WebP and PNG). */

const fixture = (name: string, type: string) =>
  `data:${type};base64,${readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url)).toString('base64')}`;
const JPEG = fixture('wide-1500x900.jpg', 'image/jpeg');
const WEBP = fixture('tall-400x1300.webp', 'image/webp');
const PNG = fixture('square-512x512.png', 'image/png');
// GIF89a, 10×20, a global table of two colours, one pixel of image data.
const GIF = `data:image/gif;base64,${Buffer.from([
  ...Buffer.from('GIF89a'),
  10,
  0,
  20,
  0,
  0x80,
  0,
  0,
  0,
  0,
  0,
  255,
  255,
  255,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  0x44,
  0x01,
  0,
  0x3b,
]).toString('base64')}`;

afterEach(() => useRelayEnv(undefined));

describe('image sizes from data: URLs', () => {
  it('reads JPEG, WebP, PNG and GIF headers', () => {
    expect(dataUrlImageSize(JPEG)).toEqual({ width: 1500, height: 900 });
    expect(dataUrlImageSize(WEBP)).toEqual({ width: 400, height: 1300 });
    expect(dataUrlImageSize(PNG)).toEqual({ width: 512, height: 512 });
    expect(dataUrlImageSize(GIF)).toEqual({ width: 10, height: 20 });
    expect(dataUrlImageSize('https://example.com/cat.png')).toBeUndefined();
    expect(dataUrlImageSize('data:image/png;base64,bm90IGFuIGltYWdl')).toBeUndefined();
    expect(dataUrlImageSize('data:image/jpeg;base64,/9j/')).toBeUndefined();
  });
});

describe('imageTokens (GET_MEDIA_TOKEN, GET_MEDIA_TOKEN_NOT_STREAM)', () => {
  const count = (url: string, model = 'gpt-4o', stream = true, detail?: string) =>
    imageTokens({ url, ...(detail ? { detail } : {}) }, model, stream);

  it("counts OpenAI's tiles by default, the short side brought to 768", () => {
    expect(count(PNG)).toBe(170 + 85);
    // 900 → 768, 1500 → 1280: 2 × 3 tiles.
    expect(count(JPEG)).toBe(6 * 170 + 85);
    expect(count(WEBP)).toBe(3 * 170 + 85);
    expect(count(GIF, 'gpt-4o', false)).toBe(170 + 85);
    expect(count(PNG, 'gpt-4o-mini')).toBe(5667 + 2833);
    expect(count(JPEG, 'gpt-4o', true, 'low')).toBe(85);
    expect(count(JPEG, 'glm-4v')).toBe(1047);
    // Never fetched, never failing: a URL or an unreadable image counts three base counts.
    expect(count('https://example.com/cat.png')).toBe(255);
    expect(count('data:image/png;base64,bm90IGFuIGltYWdl')).toBe(255);
  });

  it('GET_MEDIA_TOKEN=false: three base counts; GET_MEDIA_TOKEN_NOT_STREAM=false: 256 when not streamed', () => {
    useRelayEnv({ ...RELAY_ENV_DEFAULTS, getMediaToken: false });
    expect(count(JPEG)).toBe(255);
    expect(count(JPEG, 'gpt-4o-mini')).toBe(3 * 2833);
    useRelayEnv({ ...RELAY_ENV_DEFAULTS, getMediaTokenNotStream: false });
    expect(count(JPEG, 'gpt-4o', false)).toBe(256);
    expect(count(JPEG, 'gpt-4o', true)).toBe(6 * 170 + 85);
    expect(count(JPEG, 'gpt-4o', false, 'low')).toBe(85);
  });

  it('is what a counted prompt adds per image', async () => {
    const request = (images: string[]) => ({
      model: 'gpt-4o',
      stream: true,
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'What is in these?' },
            ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
          ],
        },
      ],
    });
    const none = await estimatePromptTokens(request([]));
    expect(await estimatePromptTokens(request([JPEG, PNG]))).toBe(none + 6 * 170 + 85 + 170 + 85);
  }, 60_000);
});
