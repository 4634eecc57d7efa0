import { count, type EndpointAdapter } from '../endpoint-adapter.js';
import { bareModel, GEMINI_DEFAULT_BASE_URL, geminiApiVersion, geminiHeaders } from './api.js';

/** Only Imagen models generate images on a Gemini channel (new-api relay/channel/gemini). */
export const isImagenModel = (model: string): boolean => bareModel(model).startsWith('imagen');

/** OpenAI's sizes as Imagen's aspect ratios; anything else is square. */
const ASPECT: Readonly<Record<string, string>> = {
  '1024x1024': '1:1',
  '1024x1792': '9:16',
  '1792x1024': '16:9',
};

/**
 * OpenAI image generation on Imagen (`:predict`), as new-api converts it: the prompt, `n` as `sampleCount`, the
 * size as an aspect ratio, adults allowed. The answer's images come back as `b64_json`; images the upstream
 * filtered are left out. Billed per image like any image model, whatever the upstream reports.
 */
export const geminiImages: EndpointAdapter = {
  request(channel, { body, model, settings }) {
    const base = channel.baseUrl || GEMINI_DEFAULT_BASE_URL;
    const version = geminiApiVersion(channel, model, settings?.gemini);
    return {
      url: `${base}/${version}/models/${bareModel(model)}:predict`,
      method: 'POST',
      headers: geminiHeaders(channel),
      body: JSON.stringify({
        instances: [{ prompt: typeof body.prompt === 'string' ? body.prompt : '' }],
        parameters: {
          sampleCount: count(body.n) || 1,
          aspectRatio: ASPECT[String(body.size ?? '')] ?? '1:1',
          personGeneration: 'allow_adult',
        },
      }),
    };
  },
  response(answer) {
    const predictions = (answer as { predictions?: unknown } | null)?.predictions;
    const data = (Array.isArray(predictions) ? predictions : [])
      .filter((p: { raiFilteredReason?: string } | null) => p && !p.raiFilteredReason)
      .map((p: { bytesBase64Encoded?: string }) => ({ b64_json: p.bytesBase64Encoded ?? '' }));
    return { body: { created: Math.floor(Date.now() / 1000), data } };
  },
};
