/**
 * Prices as the pricing page shows them: dollars per call, or dollars per million tokens (spec §9). Products
 * are exact decimals, so ratio 0.1 in group 3 shows $0.6, not $0.6000000000000001.
 */
import {
  DEFAULT_AUDIO_COMPLETION_RATIO,
  DEFAULT_AUDIO_RATIO,
  USD_PER_MILLION_TOKENS_AT_RATIO_1,
} from '../constants/limits.js';
import { decimalToNumber, multiplyDecimals } from './decimal.js';
import { formatUsd } from './format.js';

/** A model ratio seen through the caller's group. */
export interface RatioPriceParams {
  /** `ModelRatio` of the model. */
  modelRatio: number;
  /** `GroupRatio` of the group the price is shown for. */
  groupRatio: number;
}

/** Ratios of a model billed for both prompt and completion. */
export interface CompletionPriceParams extends RatioPriceParams {
  /** Completion-token multiplier of the model. */
  completionRatio: number;
}

/** Ratios of an audio model (gpt-4o-audio, realtime). */
export interface AudioPriceParams extends RatioPriceParams {
  /** Audio input multiplier on top of the model ratio. Default 20. */
  audioRatio?: number | undefined;
  /** Audio output multiplier on top of the audio input price. Default 2. */
  audioCompletionRatio?: number | undefined;
}

/** A per-call price seen through the caller's group. */
export interface PerCallPriceParams {
  /** `ModelPrice` of the model, in dollars per call. */
  modelPrice: number;
  /** `GroupRatio` of the group the price is shown for. */
  groupRatio: number;
}

const product = (...factors: number[]): number => decimalToNumber(multiplyDecimals(...factors));

/** Dollars per call of a per-call-priced model: `modelPrice × groupRatio`. */
export function perCallPriceUsd(params: PerCallPriceParams): number {
  return product(params.modelPrice, params.groupRatio);
}

/** Dollars per million prompt tokens: `modelRatio × 2 × groupRatio` (gpt-4o-mini 0.075 → $0.15). */
export function promptPricePerMillion(params: RatioPriceParams): number {
  return product(params.modelRatio, USD_PER_MILLION_TOKENS_AT_RATIO_1, params.groupRatio);
}

/** Dollars per million completion tokens: the prompt price × `completionRatio` (gpt-4o-mini × 4 → $0.60). */
export function completionPricePerMillion(params: CompletionPriceParams): number {
  const { modelRatio, groupRatio, completionRatio } = params;
  return product(modelRatio, USD_PER_MILLION_TOKENS_AT_RATIO_1, groupRatio, completionRatio);
}

/** Dollars per million audio input tokens: the prompt price × `audioRatio`. */
export function audioPromptPricePerMillion(params: AudioPriceParams): number {
  const { modelRatio, groupRatio, audioRatio = DEFAULT_AUDIO_RATIO } = params;
  return product(modelRatio, USD_PER_MILLION_TOKENS_AT_RATIO_1, groupRatio, audioRatio);
}

/** Dollars per million audio output tokens: the audio input price × `audioCompletionRatio`. */
export function audioCompletionPricePerMillion(params: AudioPriceParams): number {
  const { audioCompletionRatio = DEFAULT_AUDIO_COMPLETION_RATIO } = params;
  return product(audioPromptPricePerMillion(params), audioCompletionRatio);
}

/** '$0.1500 / 1M tokens': a per-million price with `digits` decimals (default 4). */
export function formatPricePerMillion(usd: number, digits = 4): string {
  return `${formatUsd(usd, digits)} / 1M tokens`;
}
