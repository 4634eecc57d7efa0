import { z } from 'zod';
import { CLAUDE_THINKING_BUDGET_PERCENTAGE, DATA_EXPORT, MAX_QUOTA } from '../constants/limits.js';
import type { MessageKey } from '../i18n/messages.js';
import { msg } from '../i18n/translate.js';
import { isJsonObject, parseJson, splitList, stripTrailingSlash } from './common.js';
import type { OptionKey } from './option-defaults.js';
import { optionType } from './option-types.js';
import { hasPlainKeys } from './plain-text.js';

/**
 * Value rules of single options (`PUT /api/option/ {key, value}`): every value is a string; these check
 * what it must contain and output the string to store (trimmed or normalised where the console does so).
 */

const optionString = z.string(msg('common.invalidParams'));

/** JSON text whose parsed value passes `check` (else `shapeKey`); bad JSON fails 'not a valid JSON string'. */
export function jsonOptionValue(
  check?: (value: unknown) => boolean,
  shapeKey: MessageKey = 'option.jsonObjectRequired',
) {
  return optionString.trim().superRefine((text, ctx) => {
    const parsed = parseJson(text);
    if (parsed === undefined)
      ctx.addIssue({ code: 'custom', message: msg('common.invalidJson'), input: text });
    else if (check && !check(parsed)) ctx.addIssue({ code: 'custom', message: shapeKey, input: text });
  });
}

const isRatio = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const objectOf = (check: (value: unknown) => boolean) => (value: unknown) =>
  isJsonObject(value) && Object.values(value).every(check);
const isString = (value: unknown) => typeof value === 'string';

/** A JSON object of model or group name → number of 0 or more (ratios and prices). */
export const RatioMapValueSchema = jsonOptionValue(objectOf(isRatio), msg('option.ratioInvalid')).refine(
  hasPlainKeys,
  msg('common.nameControlChars'),
);
/** A JSON object of name → string. */
export const StringMapValueSchema = jsonOptionValue(
  objectOf(isString),
  msg('option.jsonStringMapRequired'),
).refine(hasPlainKeys, msg('common.nameControlChars'));
/** Any JSON object. */
export const JsonObjectValueSchema = jsonOptionValue(isJsonObject, msg('option.jsonObjectRequired'));
/** A JSON object of model → non-negative integer (claude.default_max_tokens). */
export const IntMapValueSchema = jsonOptionValue(
  objectOf((value) => Number.isInteger(value) && (value as number) >= 0),
  msg('option.jsonNumberMapRequired'),
);
/** The Chats list: a JSON array of `{name: linkTemplate}` objects. */
export const ChatsValueSchema = jsonOptionValue(
  (value) => Array.isArray(value) && value.every(objectOf(isString)),
  msg('option.chatsInvalid'),
);

/** Bounds of a numeric option; `key` replaces the generic bound messages. */
interface NumberRule {
  int?: boolean;
  min?: number;
  max?: number;
  /** Strictly greater than 0. */
  positive?: boolean;
  key?: MessageKey;
}

/** A number written as text, within `rule`. Outputs the trimmed text. */
export function numberOptionValue(rule: NumberRule = {}) {
  return optionString.trim().transform((text, ctx) => {
    const n = text === '' ? Number.NaN : Number(text);
    const fail = (message: MessageKey, params?: Record<string, number>) => {
      ctx.addIssue({ code: 'custom', message, input: text, ...(params ? { params } : {}) });
      return z.NEVER;
    };
    if (!Number.isFinite(n))
      return fail(rule.int ? msg('common.invalidInteger') : msg('common.invalidNumber'));
    if (rule.int && !Number.isInteger(n)) return fail(msg('common.invalidInteger'));
    if (rule.positive && n <= 0) return fail(rule.key ?? msg('common.mustBePositive'));
    if (rule.min !== undefined && n < rule.min)
      return fail(rule.key ?? msg('common.tooSmall'), { min: rule.min });
    if (rule.max !== undefined && n > rule.max)
      return fail(rule.key ?? msg('common.tooLarge'), { max: rule.max });
    return text;
  });
}

/** 'true' or 'false' only. */
export const BooleanValueSchema = z.enum(['true', 'false'], msg('common.invalidBoolean'));
/** An address whose trailing slashes are removed. */
const addressValue = optionString.transform(stripTrailingSlash);
const count = numberOptionValue({ int: true, min: 0 });
/** The rule of QuotaSchema, on an option's text. */
const quotaValue = numberOptionValue({ int: true, min: 0, max: MAX_QUOTA, key: msg('common.quotaInvalid') });

/** Value schemas of the options that have a rule beyond "any string". */
export const OptionValueSchemas = {
  GroupRatio: RatioMapValueSchema,
  TopupGroupRatio: RatioMapValueSchema,
  ModelRatio: RatioMapValueSchema,
  ModelPrice: RatioMapValueSchema,
  CompletionRatio: RatioMapValueSchema,
  CacheRatio: RatioMapValueSchema,
  CreateCacheRatio: RatioMapValueSchema,
  UserUsableGroups: StringMapValueSchema,
  Chats: ChatsValueSchema,
  'gemini.safety_settings': StringMapValueSchema,
  'gemini.version_settings': StringMapValueSchema,
  'claude.model_headers_settings': JsonObjectValueSchema,
  'claude.default_max_tokens': IntMapValueSchema,
  'claude.thinking_adapter_budget_tokens_percentage': numberOptionValue({
    min: CLAUDE_THINKING_BUDGET_PERCENTAGE.min,
    max: CLAUDE_THINKING_BUDGET_PERCENTAGE.max,
    key: msg('settings.thinkingBudgetRange'),
  }),
  DataExportInterval: numberOptionValue({ int: true, min: DATA_EXPORT.minIntervalMinutes }),
  DataExportDefaultTime: z.enum(DATA_EXPORT.granularities, msg('option.invalidExportTime')),
  ChannelDisableThreshold: numberOptionValue({ min: 0 }),
  ChannelDisableFailureCount: numberOptionValue({ int: true, min: 1 }),
  ChannelDisableFailureWindowMinutes: numberOptionValue({ int: true, min: 1 }),
  QuotaRemindThreshold: quotaValue,
  PreConsumedQuota: quotaValue,
  QuotaForNewUser: quotaValue,
  QuotaForInviter: quotaValue,
  QuotaForInvitee: quotaValue,
  StreamCacheQueueLength: count,
  RetryTimes: count,
  MinTopUp: numberOptionValue({ int: true, min: 1 }),
  QuotaPerUnit: numberOptionValue({ positive: true }),
  Price: numberOptionValue({ min: 0 }),
  SMTPPort: numberOptionValue({ int: true, min: 1, max: 65535 }),
  ModelRequestRateLimitDurationMinutes: numberOptionValue({
    int: true,
    min: 0,
    key: msg('settings.rateLimitPeriodMin'),
  }),
  ModelRequestRateLimitCount: numberOptionValue({
    int: true,
    min: 0,
    key: msg('settings.rateLimitCountMin'),
  }),
  ModelRequestRateLimitSuccessCount: numberOptionValue({
    int: true,
    min: 1,
    key: msg('settings.rateLimitSuccessCountMin'),
  }),
  ServerAddress: addressValue,
  WorkerUrl: addressValue,
  PayAddress: addressValue,
  CustomCallbackAddress: addressValue,
  WeChatServerAddress: addressValue,
  EmailDomainWhitelist: optionString.transform((list) => splitList(list).join(',')),
} satisfies Partial<Record<OptionKey, z.ZodType<string, string>>>;

/** The value schema of any option key: its own rule, the boolean rule for `...Enabled` keys, or any string. */
export function optionValueSchema(key: string): z.ZodType<string, string> {
  const own = (OptionValueSchemas as Partial<Record<string, z.ZodType<string, string>>>)[key];
  if (own) return own;
  return optionType(key) === 'boolean' ? BooleanValueSchema : optionString;
}

/** Checks one option value; on failure the issues carry message keys such as 'common.invalidJson'. */
export function validateOptionValue(key: string, value: unknown): z.ZodSafeParseResult<string> {
  return optionValueSchema(key).safeParse(value);
}
