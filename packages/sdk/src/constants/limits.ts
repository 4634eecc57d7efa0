/**
 * Business constants and limits shared by the server, the CLI and the console.
 * "Spec" is the console spec (console-spec.md), "contract" the new-api 0.4.8 contract (new-api-contract.md).
 */

// Money and quota

/** Quota units worth one US dollar (option `QuotaPerUnit` default). Spec §9; contract §7.1. */
export const QUOTA_PER_UNIT = 500_000;

/**
 * The largest quota any field may hold (balances, token and code quotas, quota options): the largest integer
 * a JSON number carries exactly, so no write loses precision on its way to a BIGINT column.
 */
export const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

/** Wallet top-up presets, in dollars. Spec §9. */
export const TOP_UP_PRESETS = [1, 10, 50, 100, 500, 1000] as const;

/** Default `Price` option: amount charged by online payment per dollar of quota. Spec §9; contract §7.1. */
export const DEFAULT_PRICE = 7.3;

/** Default `MinTopUp` option, in dollars; the option itself may not go below 1. Spec §5, §9. */
export const DEFAULT_MIN_TOP_UP = 1;

/** Default `PreConsumedQuota` option: tokens reserved before a relay call when the request has no max_tokens. Contract §5.3, §7.1. */
export const DEFAULT_PRE_CONSUMED_QUOTA = 500;

/** A request skips pre-consumption when user (and limited token) quota exceed this many times the reservation. Contract §5.3 step 6. */
export const TRUST_QUOTA_MULTIPLIER = 100;

/** Dollars per one million tokens at model ratio 1 (ratio 1 = $0.002 / 1K tokens). Spec §9; contract §5.6. */
export const USD_PER_MILLION_TOKENS_AT_RATIO_1 = 2;

/** Audio input ratio applied on top of the model ratio when none is configured (gpt-4o-audio, realtime). Contract §5.3. */
export const DEFAULT_AUDIO_RATIO = 20;

/** Audio output ratio applied on top of the audio ratio when none is configured. Contract §5.3. */
export const DEFAULT_AUDIO_COMPLETION_RATIO = 2;

// Data export (dashboard)

/** Data-dashboard export defaults: options `DataExportInterval` (minutes, min 1) and `DataExportDefaultTime`. Spec §5, §9; contract §7.1. */
export const DATA_EXPORT = {
  intervalMinutes: 5,
  minIntervalMinutes: 1,
  defaultTime: 'hour',
  granularities: ['hour', 'day', 'week'],
} as const;

// Tokens

/** Quota pre-filled when creating an access token ($1). Spec §9. */
export const NEW_TOKEN_DEFAULT_QUOTA = 500_000;

/** Batch-count presets of the token creator. Spec §9. */
export const TOKEN_BATCH_PRESETS = [10, 20, 30, 100] as const;

/** Longest token name the server accepts. Contract §3.7. */
export const TOKEN_NAME_MAX = 30;

/** Random suffix length of extra token names in a batch (`name-xxxxxx`). Spec §5. */
export const TOKEN_BATCH_SUFFIX_LENGTH = 6;

/** `expired_time` value meaning the token never expires. Spec §3, §5. */
export const TOKEN_NEVER_EXPIRES = -1;

// Redemption codes

/** Quota pre-filled when creating redemption codes. Spec §9. */
export const NEW_REDEMPTION_DEFAULT_QUOTA = 100_000;

/** Count pre-filled when creating redemption codes. Spec §9. */
export const NEW_REDEMPTION_DEFAULT_COUNT = 1;

/** Most redemption codes created in one batch. Spec §5, §9; contract §3.8. */
export const REDEMPTION_BATCH_MAX = 100;

/** Redemption name length bounds, in characters. Spec §5, §9; contract §3.8. */
export const REDEMPTION_NAME = { min: 1, max: 20 } as const;

// Channels

/** Field defaults of a new channel. Spec §9. */
export const CHANNEL_DEFAULTS = { group: 'default', autoBan: 1, priority: 0, weight: 0 } as const;

/** Lowest priority accepted in the channel list's inline editor. Spec §5. */
export const CHANNEL_PRIORITY_MIN = -999;

/** Lowest channel weight; negative input is sent as 0. Spec §5. */
export const CHANNEL_WEIGHT_MIN = 0;

// System options

/** Default `SMTPPort` option. Spec §9; contract §7.1. */
export const SMTP_PORT_DEFAULT = 587;

/** Default `QuotaRemindThreshold` option: server-side quota-warning threshold when the user set none. Contract §5.8, §7.1. */
export const QUOTA_REMIND_THRESHOLD_DEFAULT = 1000;

/** Quota-warning threshold pre-filled in the notification settings. Spec §9. */
export const QUOTA_WARNING_THRESHOLD_DEFAULT = 100_000;

/** Threshold the notification form falls back to when the stored setting is unusable. Spec §9. */
export const QUOTA_WARNING_THRESHOLD_FALLBACK = 500_000;

/**
 * Threshold presets of the notification form, in quota. Labels should come from `renderQuota`: the spec's
 * "(5$)" for 1000000 is $2 at 500000 quota per dollar.
 * Spec §9.
 */
export const QUOTA_WARNING_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const;

/** Minimum gap between two quota-alert emails to one user, in seconds (2 hours). Spec §9. */
export const ALERT_EMAIL_INTERVAL_S = 2 * 60 * 60;

/**
 * Model request rate-limit defaults (options `ModelRequestRateLimit*`). `count` 0 (or -1) means unlimited and
 * counts failed requests too; `successCount` counts responses below 400 and is at least 1.
 * Spec §5, §9; contract §5.7.
 */
export const MODEL_REQUEST_RATE_LIMIT = {
  enabled: false,
  durationMinutes: 1,
  count: 0,
  successCount: 1000,
} as const;

/** Per-IP limiters of the management API, the web UI and critical auth routes: requests per window. Contract §5.7. */
export const IP_RATE_LIMITS = {
  api: { requests: 180, windowSeconds: 180 },
  web: { requests: 60, windowSeconds: 180 },
  critical: { requests: 20, windowSeconds: 1200 },
} as const;

/** `claude.thinking_adapter_budget_tokens_percentage` default and allowed range. Spec §5, §9; contract §7.1. */
export const CLAUDE_THINKING_BUDGET_PERCENTAGE = { default: 0.8, min: 0.1, max: 1 } as const;

/** Example default in `claude.default_max_tokens` ({"default": 8192}). Spec §9; contract §7.1. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 8192;

// Accounts

/** Shortest password accepted at registration and password change. Spec §5, §9; contract §8. */
export const PASSWORD_MIN = 8;

/** Longest password. Spec §5, §9; contract §8. */
export const PASSWORD_MAX = 20;

/** Longest username. Spec §5, §9. */
export const USERNAME_MAX = 12;

/** Seconds before a verification email (or password-reset request) can be sent again. Spec §2, §4, §9. */
export const RESEND_COUNTDOWN_S = 30;

/** Validity of a WeChat login code, in seconds (3 minutes). Spec §9. */
export const WECHAT_CODE_TTL_S = 180;

// Paging

/** Default rows per page. Spec §9. */
export const PAGE_SIZE_DEFAULT = 10;

/** Page-size choices, remembered locally. Spec §9. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** Largest page size any list accepts. Spec §9; contract §2.2. */
export const PAGE_SIZE_MAX = 100;

/** Rows per page of the model pricing table. Spec §9. */
export const MODEL_PRICING_PAGE_SIZE = 10;

/** Available models shown before the "expand" control. Spec §9. */
export const AVAILABLE_MODELS_PREVIEW = 10;

// Console

/** Playground defaults: model, temperature (slider 0.1-1, starting at 0) and max_tokens (0 = unset). Spec §9. */
export const PLAYGROUND_DEFAULTS = {
  model: 'gpt-4o-mini',
  temperature: 0,
  temperatureMin: 0.1,
  temperatureMax: 1,
  maxTokens: 0,
} as const;

/** Widest viewport, in pixels, treated as mobile. Spec §9. */
export const MOBILE_MAX_WIDTH = 600;

/** Widest side menu, in pixels. Spec §2. */
export const SIDEBAR_MAX_WIDTH = 220;

/** Default time window of the drawing-task list: 30 days back to one hour ahead, in seconds from now. Spec §9. */
export const DRAWING_DEFAULT_WINDOW = { pastSeconds: 30 * 24 * 60 * 60, futureSeconds: 60 * 60 } as const;

/** Days of logs the data dashboard shows by default. Spec §9. */
export const DASHBOARD_LOG_DAYS = 3;

/** The custom footer is polled this many times, this many ms apart, at startup. Spec §2, §9. */
export const FOOTER_POLL = { attempts: 5, intervalMs: 200 } as const;

/** Language used when a translation is missing. Spec §1, §9. */
export const FALLBACK_LANGUAGE = 'zh';

/** The console's preferences mirrored from local storage for the server's drawing of its pages (JSON). */
export const CONSOLE_PREFS_COOKIE = 'swb_prefs';
