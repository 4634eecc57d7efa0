/** Test-only helpers: load the captured fixtures and neutralise the values adapters generate. */
import { readFileSync } from 'node:fs';
import type { ChannelConfig, SseEvent } from '../types.js';

/** 2025-06-01T00:00:00Z, the `created` every fixture expects (tests freeze Date to it). */
export const FIXED_NOW = new Date('2025-06-01T00:00:00Z');

export const fixtureText = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

export const fixture = <T = Record<string, unknown>>(name: string): T => JSON.parse(fixtureText(name)) as T;

/** Splits a captured SSE body into events the way the pipeline's reader hands them to a converter. */
export function sseEvents(text: string): SseEvent[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => ({ data: block.replace(/^data: ?/, '') }));
}

/** Generated tool-call ids are random; fixtures spell them `call_<generated>`. */
export function scrubIds<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'string' && /^call_[0-9a-f]{24}$/.test(v) ? 'call_<generated>' : v,
    ),
  ) as T;
}

export const channel = (over: Partial<ChannelConfig> = {}): ChannelConfig => ({
  id: 7,
  type: 24,
  key: 'AIza-test-key',
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
  ...over,
});
