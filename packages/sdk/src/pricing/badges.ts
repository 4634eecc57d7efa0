/**
 * Colour rules of the console's status badges (spec §4, §9). Colours are semantic names that the web theme
 * maps to palette tokens; `text` is the number to show, in seconds, without a unit (the caller translates it).
 */
import { toFixedExact } from './decimal.js';

/** Semantic badge colours. */
export type BadgeColor = 'grey' | 'green' | 'lime' | 'yellow' | 'orange' | 'blue' | 'red';

/** A badge to render: its colour and the number it shows. */
export interface Badge<C extends BadgeColor = BadgeColor> {
  /** Semantic colour. */
  color: C;
  /** The value to show, already formatted ('' when there is nothing to show). */
  text: string;
}

/** A channel response-time badge. */
export interface ResponseTimeBadge extends Badge<'grey' | 'green' | 'lime' | 'yellow' | 'red'> {
  /** True when the channel was never tested (response time 0): show "untested" instead of `text`. */
  untested: boolean;
}

/** Colour of a pricing ratio tag: above 5 red, above 3 orange, above 1 blue, otherwise green. */
export function ratioTagColor(ratio: number): 'red' | 'orange' | 'blue' | 'green' {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}

/**
 * Channel response-time badge from milliseconds: 0 untested (grey); up to 1000 ms green, up to 3000 lime,
 * up to 5000 yellow, above red. `text` is seconds with 2 decimals ('1.23').
 */
export function responseTimeBadge(ms: number): ResponseTimeBadge {
  if (ms === 0) return { color: 'grey', text: '', untested: true };
  const text = toFixedExact(ms / 1000, 2);
  if (ms <= 1000) return { color: 'green', text, untested: false };
  if (ms <= 3000) return { color: 'lime', text, untested: false };
  if (ms <= 5000) return { color: 'yellow', text, untested: false };
  return { color: 'red', text, untested: false };
}

/**
 * Response time of a channel tag, as new-api's console computes it: starting from 0, each member folds in
 * as `acc = (acc + x) / 2`. This is not a mean: later members weigh more, a lone 1000 ms channel shows
 * 500 ms, and untested members (0) pull it down. Kept for parity with new-api; an empty tag gives 0.
 */
export function aggregateResponseTime(responseTimes: readonly number[]): number {
  return responseTimes.reduce((acc, ms) => (acc + ms) / 2, 0);
}

/** Log use-time badge from whole seconds: up to 100 green, under 300 orange, otherwise red. */
export function useTimeBadge(seconds: number): Badge<'green' | 'orange' | 'red'> {
  const text = String(seconds);
  if (seconds <= 100) return { color: 'green', text };
  if (seconds < 300) return { color: 'orange', text };
  return { color: 'red', text };
}

/**
 * Log first-token badge from the `frt` field (milliseconds): under 3000 green, under 10000 orange, otherwise
 * red; `text` is seconds with 1 decimal. Null when `frt` is negative (new-api logs -1000 when no chunk was
 * streamed), so nothing is shown.
 */
export function firstTokenBadge(ms: number): Badge<'green' | 'orange' | 'red'> | null {
  if (ms < 0) return null;
  const text = toFixedExact(ms / 1000, 1);
  if (ms < 3000) return { color: 'green', text };
  if (ms < 10_000) return { color: 'orange', text };
  return { color: 'red', text };
}

/** Async-task duration badge: over 60 seconds red, otherwise green; `text` has 1 decimal. */
export function taskDurationBadge(seconds: number): Badge<'green' | 'red'> {
  return { color: seconds > 60 ? 'red' : 'green', text: toFixedExact(seconds, 1) };
}
