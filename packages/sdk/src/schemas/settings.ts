import { z } from 'zod';
import { CLAUDE_THINKING_BUDGET_PERCENTAGE } from '../constants/limits.js';
import { msg } from '../i18n/translate.js';
import { intField, numberField, stripTrailingSlash } from './common.js';
import {
  IntMapValueSchema,
  JsonObjectValueSchema,
  RatioMapValueSchema,
  StringMapValueSchema,
} from './option-values.js';

/**
 * Settings forms whose fields are option keys, so a parsed form turns into option entries with
 * `diffOptions(before, after)`. Numbers and booleans may come as form text.
 */

/** A switch: a boolean or the option strings 'true' / 'false'. */
const switchField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: msg('common.invalidBoolean') })
  .transform((value) => value === true || value === 'true');

/** The model request rate limit (ratelimit tab). */
export const RateLimitFormSchema = z.object({
  ModelRequestRateLimitEnabled: switchField,
  /** Period in minutes, 0 or more. */
  ModelRequestRateLimitDurationMinutes: intField(msg('common.invalidInteger')).pipe(
    z.number().min(0, msg('settings.rateLimitPeriodMin')),
  ),
  /** Most requests per period, failed ones included; 0 means unlimited. */
  ModelRequestRateLimitCount: intField(msg('common.invalidInteger')).pipe(
    z.number().min(0, msg('settings.rateLimitCountMin')),
  ),
  /** Most successful requests per period, at least 1. */
  ModelRequestRateLimitSuccessCount: intField(msg('common.invalidInteger')).pipe(
    z.number().min(1, msg('settings.rateLimitSuccessCountMin')),
  ),
});
/** Rate-limit form values. */
export type RateLimitForm = z.input<typeof RateLimitFormSchema>;

/** Claude settings: header overrides and default max tokens as JSON, the thinking adapter and its budget. */
export const ClaudeSettingsSchema = z.object({
  /** JSON object: model → extra request headers. */
  'claude.model_headers_settings': JsonObjectValueSchema,
  /** JSON object: model (or "default") → max_tokens. */
  'claude.default_max_tokens': IntMapValueSchema,
  'claude.thinking_adapter_enabled': switchField,
  /** Share of max_tokens given to thinking, 0.1 to 1. */
  'claude.thinking_adapter_budget_tokens_percentage': numberField(msg('settings.thinkingBudgetRange')).pipe(
    z
      .number()
      .min(CLAUDE_THINKING_BUDGET_PERCENTAGE.min, msg('settings.thinkingBudgetRange'))
      .max(CLAUDE_THINKING_BUDGET_PERCENTAGE.max, msg('settings.thinkingBudgetRange')),
  ),
});
/** Claude settings form values. */
export type ClaudeSettings = z.input<typeof ClaudeSettingsSchema>;

/** Gemini settings: safety and API-version maps as JSON. */
export const GeminiSettingsSchema = z.object({
  /** JSON object: category (or "default") → threshold. */
  'gemini.safety_settings': StringMapValueSchema,
  /** JSON object: model (or "default") → API version. */
  'gemini.version_settings': StringMapValueSchema,
});
/** Gemini settings form values. */
export type GeminiSettings = z.input<typeof GeminiSettingsSchema>;

/**
 * The payment panel. `ServerAddress` is the saved server address: payment settings cannot be saved
 * before it is filled. Empty `EpayKey` keeps the stored key.
 */
export const PaymentSettingsSchema = z
  .object({
    ServerAddress: z.string().default('').transform(stripTrailingSlash),
    PayAddress: z.string().transform(stripTrailingSlash),
    EpayId: z.string().trim(),
    EpayKey: z.string().trim().optional(),
    CustomCallbackAddress: z.string().default('').transform(stripTrailingSlash),
    /** Money per USD of quota, 0 or more. */
    Price: numberField(msg('common.invalidNumber')).pipe(z.number().min(0, msg('common.tooSmall'))),
    /** Smallest online top-up, at least 1. */
    MinTopUp: intField(msg('common.invalidInteger')).pipe(z.number().min(1, msg('common.tooSmall'))),
    /** JSON object: group → top-up price multiplier. */
    TopupGroupRatio: RatioMapValueSchema,
  })
  .refine((form) => form.ServerAddress !== '', {
    message: msg('option.serverAddressRequired'),
    path: ['ServerAddress'],
  });
/** Payment settings form values. */
export type PaymentSettings = z.input<typeof PaymentSettingsSchema>;
