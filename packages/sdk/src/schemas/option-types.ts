import { OPTION_KEYS, type OptionKey } from './option-defaults.js';

/** How an option's string value is read. */
export type OptionType = 'string' | 'number' | 'boolean' | 'json';

/** Options holding numbers. */
export const NUMBER_OPTION_KEYS = [
  'SMTPPort',
  'QuotaPerUnit',
  'QuotaForNewUser',
  'QuotaForInviter',
  'QuotaForInvitee',
  'QuotaRemindThreshold',
  'PreConsumedQuota',
  'Price',
  'MinTopUp',
  'RetryTimes',
  'ChannelDisableThreshold',
  'ChannelDisableFailureCount',
  'ChannelDisableFailureWindowMinutes',
  'StreamCacheQueueLength',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitDurationMinutes',
  'DataExportInterval',
  'claude.thinking_adapter_budget_tokens_percentage',
] as const satisfies readonly OptionKey[];

/** Options holding JSON text (maps, lists). */
export const JSON_OPTION_KEYS = [
  'Chats',
  'TopupGroupRatio',
  'ModelRatio',
  'ModelPrice',
  'CompletionRatio',
  'CacheRatio',
  'CreateCacheRatio',
  'GroupRatio',
  'UserUsableGroups',
  'gemini.safety_settings',
  'gemini.version_settings',
  'claude.model_headers_settings',
  'claude.default_max_tokens',
] as const satisfies readonly OptionKey[];

/** Options holding 'true' / 'false'. */
export type BooleanOptionKey = Extract<
  OptionKey,
  `${string}Enabled` | `${string}_enabled` | 'DefaultCollapseSidebar'
>;
/** Options holding numbers. */
export type NumberOptionKey = (typeof NUMBER_OPTION_KEYS)[number];
/** Options holding JSON text. */
export type JsonOptionKey = (typeof JSON_OPTION_KEYS)[number];

/** The {@link OptionType} of a known option key. */
export type OptionTypeOf<K extends OptionKey> = K extends BooleanOptionKey
  ? 'boolean'
  : K extends NumberOptionKey
    ? 'number'
    : K extends JsonOptionKey
      ? 'json'
      : 'string';

/**
 * The type of any option key: keys ending in `Enabled` (and DefaultCollapseSidebar and
 * claude.thinking_adapter_enabled) are booleans, new-api's rule for unknown keys too.
 */
export function optionType(key: string): OptionType {
  if (key.endsWith('Enabled') || key.endsWith('_enabled') || key === 'DefaultCollapseSidebar')
    return 'boolean';
  if ((NUMBER_OPTION_KEYS as readonly string[]).includes(key)) return 'number';
  if ((JSON_OPTION_KEYS as readonly string[]).includes(key)) return 'json';
  return 'string';
}

/** The type of every known option. */
export const OPTION_TYPES = Object.fromEntries(OPTION_KEYS.map((key) => [key, optionType(key)])) as {
  readonly [K in OptionKey]: OptionTypeOf<K>;
};

/** True for options that are never returned by `GET /api/option/`: keys ending in Token, Secret or Key. */
export function isSecretOptionKey(key: string): boolean {
  return /(Token|Secret|Key)$/.test(key);
}

/** The known secret options (write-only). */
export const SECRET_OPTION_KEYS: readonly OptionKey[] = OPTION_KEYS.filter(isSecretOptionKey);

/** The value type of a known option after {@link parseOptions}. */
export type OptionValueOf<K extends OptionKey> = K extends BooleanOptionKey
  ? boolean
  : K extends NumberOptionKey
    ? number
    : string;

/** Options read into typed values; unknown keys the server sends are kept as strings. */
export type ParsedOptions = { [K in OptionKey]: OptionValueOf<K> } & Record<
  string,
  string | number | boolean
>;
