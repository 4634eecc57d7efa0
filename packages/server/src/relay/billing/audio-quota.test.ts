import { describe, expect, it } from 'vitest';
import { audioQuota, audioRatioOf, dearestTokenQuota, type AudioPrice } from './audio-quota.js';

const price = (over: Partial<AudioPrice> = {}): AudioPrice => ({
  modelRatio: 2.5,
  completionRatio: 4,
  groupRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1,
  audioRatio: 20,
  audioCompletionRatio: 2,
  ...over,
});

describe("new-api's audio prices", () => {
  it('knows the built-in audio ratios', () => {
    expect(audioRatioOf('gpt-4o-realtime-preview')).toBe(20);
    expect(audioRatioOf('gpt-4o-realtime-preview-2024-12-17')).toBe(8);
    expect(audioRatioOf('gpt-4o-mini-realtime-preview')).toBe(10 / 0.6);
    expect(audioRatioOf('gpt-4o-audio-preview')).toBe(40);
    expect(audioRatioOf('gpt-4o-audio-preview-2024-12-17')).toBe(16);
    expect(audioRatioOf('gpt-4o-mini-audio-preview')).toBe(10 / 0.15);
    expect(audioRatioOf('whatever')).toBe(20);
  });

  it('prices text and audio, in and out, rounding each part as calculateAudioQuota does', () => {
    // 10 + round(3 × 4) + round(7 × 20) + round(5 × 40) = 362; × 2.5 = 905.
    expect(audioQuota(price(), { textIn: 10, textOut: 3, audioIn: 7, audioOut: 5 }, 500_000)).toBe(905);
    // 10/0.6 audio: round(1 × 16.67) = 17, round(1 × 33.33) = 33; (17 + 33) × 0.3 = 15.
    const mini = price({ modelRatio: 0.3, audioRatio: 10 / 0.6 });
    expect(audioQuota(mini, { textIn: 0, textOut: 0, audioIn: 1, audioOut: 1 }, 500_000)).toBe(15);
  });

  it('charges at least 1 when the ratio is not 0, and the price per call when there is one', () => {
    const cheap = price({ modelRatio: 0.001 });
    expect(audioQuota(cheap, { textIn: 1, textOut: 0, audioIn: 0, audioOut: 0 }, 500_000)).toBe(1);
    expect(
      audioQuota(price({ modelRatio: 0 }), { textIn: 9, textOut: 0, audioIn: 0, audioOut: 0 }, 500_000),
    ).toBe(0);
    const perCall = price({ modelPrice: 0.05, groupRatio: 1.5 });
    expect(audioQuota(perCall, { textIn: 1e6, textOut: 0, audioIn: 0, audioOut: 0 }, 500_000)).toBe(37_500);
  });

  it('bounds one token of any kind by its dearest price: audio out', () => {
    expect(dearestTokenQuota(price())).toBe(100);
    expect(dearestTokenQuota(price({ audioRatio: 0.1, audioCompletionRatio: 1 }))).toBe(10);
  });
});
