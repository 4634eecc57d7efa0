/**
 * The provider options of the console's model settings (`gemini.*`, `claude.*`), read as new-api 0.4.8.8.3
 * reads them (setting/model_setting): a stored map is laid over the defaults key by key (Go decodes JSON into
 * the default map), and a value that does not parse leaves the default.
 */
import { CLAUDE_DEFAULT_MAX_TOKENS, CLAUDE_THINKING_BUDGET_PERCENTAGE } from '@switchboard/sdk';
import type { OptionStore } from '../../option-store.js';

export interface ClaudeSettings {
  /** Headers per model the client asked for: each named header replaces the upstream request's. */
  modelHeaders: Record<string, Record<string, string[]>>;
  /** `max_tokens` when the client set none, per upstream model, else `default`. */
  defaultMaxTokens: Record<string, number>;
  /** A `-thinking` model turns Claude's extended thinking on (and `reasoning_effort` does too). */
  thinkingAdapterEnabled: boolean;
  /** The thinking budget as a share of `max_tokens`. */
  thinkingBudgetPercentage: number;
}

export interface GeminiSettings {
  /** Threshold per harm category, else `default`. */
  safety: Record<string, string>;
  /** API version per upstream model, else `default`. */
  versions: Record<string, string>;
}

export interface ProviderSettings {
  claude: ClaudeSettings;
  gemini: GeminiSettings;
}

export const DEFAULT_PROVIDER_SETTINGS: ProviderSettings = {
  claude: {
    modelHeaders: {},
    defaultMaxTokens: { default: CLAUDE_DEFAULT_MAX_TOKENS },
    thinkingAdapterEnabled: true,
    thinkingBudgetPercentage: CLAUDE_THINKING_BUDGET_PERCENTAGE.default,
  },
  gemini: {
    safety: { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
    versions: { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
  },
};

/** Every harm category new-api sends, each with its threshold from `gemini.safety_settings`. */
export const GEMINI_HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object whose every value passes `valid`, laid over `defaults`; else `defaults` (Go's decode fails whole). */
function overlay<T>(
  text: string,
  defaults: Record<string, T>,
  valid: (v: unknown) => v is T,
): Record<string, T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return defaults;
  }
  if (parsed === null) return defaults;
  if (!isObject(parsed) || !Object.values(parsed).every(valid)) return defaults;
  return Object.assign(Object.create(null) as Record<string, T>, defaults, parsed as Record<string, T>);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isTokens = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isHeaders = (v: unknown): v is Record<string, string[]> =>
  isObject(v) && Object.values(v).every((list) => Array.isArray(list) && list.every(isString));

/** Go's strconv.ParseBool. */
function goBool(text: string, fallback: boolean): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return fallback;
}

/** Go's strconv.ParseFloat, for a plain decimal. */
function goFloat(text: string, fallback: number): number {
  const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** The settings from option values (`get` returns '' for an option never stored). */
export function readProviderSettings(get: (key: string) => string): ProviderSettings {
  const d = DEFAULT_PROVIDER_SETTINGS;
  const defaultMaxTokens = overlay(get('claude.default_max_tokens'), d.claude.defaultMaxTokens, isTokens);
  return {
    claude: {
      modelHeaders: overlay(get('claude.model_headers_settings'), d.claude.modelHeaders, isHeaders),
      // new-api puts `default` back when a stored map lacks it.
      defaultMaxTokens: { default: CLAUDE_DEFAULT_MAX_TOKENS, ...defaultMaxTokens },
      thinkingAdapterEnabled: goBool(get('claude.thinking_adapter_enabled'), d.claude.thinkingAdapterEnabled),
      thinkingBudgetPercentage: goFloat(
        get('claude.thinking_adapter_budget_tokens_percentage'),
        d.claude.thinkingBudgetPercentage,
      ),
    },
    gemini: {
      safety: overlay(get('gemini.safety_settings'), d.gemini.safety, isString),
      versions: overlay(get('gemini.version_settings'), d.gemini.versions, isString),
    },
  };
}

const cache = new WeakMap<OptionStore, { version: number; settings: ProviderSettings }>();

/** The settings of the current options, parsed again only after an option changed. */
export function providerSettings(options: OptionStore): ProviderSettings {
  const hit = cache.get(options);
  if (hit?.version === options.version) return hit.settings;
  const settings = readProviderSettings((key) => options.get(key));
  cache.set(options, { version: options.version, settings });
  return settings;
}

const own = <T>(map: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** `max_tokens` for a Claude request that set none (new-api: by the upstream model's full name). */
export const claudeDefaultMaxTokens = (s: ClaudeSettings, model: string): number =>
  own(s.defaultMaxTokens, model) ?? own(s.defaultMaxTokens, 'default') ?? CLAUDE_DEFAULT_MAX_TOKENS;

/** The headers `claude.model_headers_settings` sets for the model the client asked for, over `headers`. */
export function withModelHeaders(
  headers: Record<string, string>,
  s: ClaudeSettings | undefined,
  requestedModel: string | undefined,
): Record<string, string> {
  const extra = s && requestedModel !== undefined ? own(s.modelHeaders, requestedModel) : undefined;
  if (!extra) return headers;
  const out = { ...headers };
  for (const [name, values] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    for (const key of Object.keys(out)) if (key.toLowerCase() === lower) delete out[key];
    // Several values of one header travel as one, comma-joined, as HTTP allows.
    if (values.length) out[lower] = values.join(', ');
  }
  return out;
}

/** Gemini's `safetySettings` for a converted request. */
export const geminiSafetySettings = (s: GeminiSettings) =>
  GEMINI_HARM_CATEGORIES.map((category) => ({
    category,
    threshold: own(s.safety, category) ?? own(s.safety, 'default') ?? 'OFF',
  }));

/** The API version of a Gemini URL for an upstream model. */
export const geminiVersion = (s: GeminiSettings, model: string): string =>
  own(s.versions, model) ?? own(s.versions, 'default') ?? 'v1beta';
