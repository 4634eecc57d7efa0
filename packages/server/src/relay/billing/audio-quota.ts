import { DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_AUDIO_RATIO, perCallQuota } from '@switchboard/sdk';
import type { ResolvedPrice } from './pricing.js';

/**
 * Audio tokens' multiplier on top of the model ratio (new-api 0.4.8.8.3 `GetAudioRatio`, built in, no option):
 * realtime models 20 (8 for gpt-4o-realtime-preview-2024-12-17, 10/0.6 for the mini ones), gpt-4o-audio 40
 * (16 for its 2024-12-17 snapshot, 10/0.15 for mini), anything else 20.
 */
export function audioRatioOf(model: string): number {
  if (model.includes('-realtime')) {
    if (model.endsWith('gpt-4o-realtime-preview-2024-12-17')) return 8;
    return model.includes('mini') ? 10 / 0.6 : DEFAULT_AUDIO_RATIO;
  }
  if (model.includes('-audio')) {
    if (model.endsWith('gpt-4o-audio-preview-2024-12-17')) return 16;
    return model.includes('mini') ? 10 / 0.15 : 40;
  }
  return DEFAULT_AUDIO_RATIO;
}

/** Audio output tokens' multiplier on top of the audio ratio: 2 for every model in new-api 0.4.8.8.3. */
export const audioCompletionRatioOf = (_model: string): number => DEFAULT_AUDIO_COMPLETION_RATIO;

/** Text and audio tokens of one realtime response, in and out (the `response.done` usage's details). */
export interface AudioUsage {
  textIn: number;
  audioIn: number;
  textOut: number;
  audioOut: number;
  /** The upstream's input and output totals, when they count more than text and audio (images). */
  input?: number;
  output?: number;
}

export interface AudioPrice extends ResolvedPrice {
  audioRatio: number;
  audioCompletionRatio: number;
}

export const audioPriceOf = (price: ResolvedPrice, model: string): AudioPrice => ({
  ...price,
  audioRatio: audioRatioOf(model),
  audioCompletionRatio: audioCompletionRatioOf(model),
});

/**
 * new-api's `calculateAudioQuota`: `round((textIn + round(textOut × completion) + round(audioIn × audio) +
 * round(audioOut × audio × audioCompletion)) × modelRatio × groupRatio)`, at least 1 when the ratios are not 0;
 * per call, the model's price. Floating point and Go's rounding (half away from zero), as new-api computes it.
 */
export function audioQuota(price: AudioPrice, usage: AudioUsage, quotaPerUnit: number): number {
  if (price.modelPrice !== undefined) return perCallQuota(price.modelPrice, price.groupRatio, quotaPerUnit);
  const ratio = price.groupRatio * price.modelRatio;
  const tokens =
    usage.textIn +
    goRound(usage.textOut * price.completionRatio) +
    goRound(usage.audioIn * price.audioRatio) +
    goRound(usage.audioOut * price.audioRatio * price.audioCompletionRatio);
  const quota = goRound(tokens * ratio);
  return ratio !== 0 && quota <= 0 ? 1 : quota;
}

/** The most one token of any kind can cost, in quota: what a hold of `n` unknown tokens must cover. */
export function dearestTokenQuota(price: AudioPrice): number {
  const dearest = Math.max(
    1,
    price.completionRatio,
    price.audioRatio,
    price.audioRatio * price.audioCompletionRatio,
  );
  return dearest * price.modelRatio * price.groupRatio;
}

/** Go's math.Round: half away from zero. */
const goRound = (x: number): number => Math.sign(x) * Math.round(Math.abs(x));
