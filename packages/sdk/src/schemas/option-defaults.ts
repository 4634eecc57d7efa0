import {
  CLAUDE_DEFAULT_MAX_TOKENS,
  CLAUDE_THINKING_BUDGET_PERCENTAGE,
  DATA_EXPORT,
  DEFAULT_MIN_TOP_UP,
  DEFAULT_PRE_CONSUMED_QUOTA,
  DEFAULT_PRICE,
  MODEL_REQUEST_RATE_LIMIT,
  QUOTA_PER_UNIT,
  QUOTA_REMIND_THRESHOLD_DEFAULT,
  SMTP_PORT_DEFAULT,
} from '../constants/limits.js';
import { DEFAULT_MODEL_RATIO } from './model-ratio-defaults.js';

const json = (value: unknown) => JSON.stringify(value);

/** The chat-client link templates new-api starts with (`{key}` and `{address}` are filled by clients). */
const DEFAULT_CHATS = [
  { 'ChatGPT Next Web 官方示例': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  {
    'Lobe Chat 官方示例':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
  {
    'AI as Workspace':
      'https://aiaw.app/set-provider?provider={"type":"openai","settings":{"apiKey":"{key}","baseURL":"{address}/v1","compatibility":"strict"}}',
  },
  { 'AMA 问天': 'ama://set-api-key?server={address}&key={key}' },
  { OpenCat: 'opencat://team/join?domain={address}&token={key}' },
];

const DEFAULT_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

/**
 * Every option with its initial value, as strings exactly as new-api stores them (contract §7.1;
 * database rows override these). Booleans are 'true'/'false', maps are JSON text.
 * `ChannelDisableFailureCount`, `ChannelDisableFailureWindowMinutes` and `SelfUseModeEnabled` are Switchboard's own additions.
 */
export const OPTION_DEFAULTS = {
  // Login and registration
  PasswordLoginEnabled: 'true',
  PasswordRegisterEnabled: 'true',
  RegisterEnabled: 'true',
  EmailVerificationEnabled: 'false',
  GitHubOAuthEnabled: 'false',
  GitHubClientId: '',
  GitHubClientSecret: '',
  LinuxDOOAuthEnabled: 'false',
  LinuxDOClientId: '',
  LinuxDOClientSecret: '',
  WeChatAuthEnabled: 'false',
  WeChatServerAddress: '',
  WeChatServerToken: '',
  WeChatAccountQRCodeImageURL: '',
  TelegramOAuthEnabled: 'false',
  TelegramBotToken: '',
  TelegramBotName: '',
  TurnstileCheckEnabled: 'false',
  TurnstileSiteKey: '',
  TurnstileSecretKey: '',
  EmailDomainRestrictionEnabled: 'false',
  EmailAliasRestrictionEnabled: 'false',
  EmailDomainWhitelist:
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  // SMTP
  SMTPServer: '',
  SMTPPort: String(SMTP_PORT_DEFAULT),
  SMTPAccount: '',
  SMTPFrom: '',
  SMTPToken: '',
  SMTPSSLEnabled: 'false',
  // Site
  ServerAddress: '',
  WorkerUrl: '',
  WorkerValidKey: '',
  Notice: '',
  SystemName: 'Switchboard',
  Logo: '',
  Footer: '',
  About: '',
  HomePageContent: '',
  TopUpLink: '',
  ChatLink: '',
  ChatLink2: '',
  Chats: json(DEFAULT_CHATS),
  DefaultCollapseSidebar: 'false',
  DemoSiteEnabled: 'false',
  SelfUseModeEnabled: 'false',
  // Quota and payment
  QuotaPerUnit: String(QUOTA_PER_UNIT),
  DisplayInCurrencyEnabled: 'true',
  DisplayTokenStatEnabled: 'true',
  QuotaForNewUser: '0',
  QuotaForInviter: '0',
  QuotaForInvitee: '0',
  QuotaRemindThreshold: String(QUOTA_REMIND_THRESHOLD_DEFAULT),
  PreConsumedQuota: String(DEFAULT_PRE_CONSUMED_QUOTA),
  PayAddress: '',
  CustomCallbackAddress: '',
  EpayId: '',
  EpayKey: '',
  Price: String(DEFAULT_PRICE),
  MinTopUp: String(DEFAULT_MIN_TOP_UP),
  TopupGroupRatio: '{"default":1,"vip":1,"svip":1}',
  // Pricing
  ModelRatio: json(DEFAULT_MODEL_RATIO),
  ModelPrice: json({
    suno_music: 0.1,
    suno_lyrics: 0.01,
    'dall-e-3': 0.04,
    'gpt-4-gizmo-*': 0.1,
    mj_imagine: 0.1,
    mj_variation: 0.1,
    mj_reroll: 0.1,
    mj_blend: 0.1,
    mj_modal: 0.1,
    mj_zoom: 0.1,
    mj_shorten: 0.1,
    mj_high_variation: 0.1,
    mj_low_variation: 0.1,
    mj_pan: 0.1,
    mj_inpaint: 0,
    mj_custom_zoom: 0,
    mj_describe: 0.05,
    mj_upscale: 0.05,
    swap_face: 0.05,
    mj_upload: 0.05,
  }),
  CompletionRatio: '{"gpt-4-gizmo-*":2,"gpt-4o-gizmo-*":3,"gpt-4-all":2}',
  // Prompt-cache read / write multipliers by model; empty means the built-in rules (pricing/cache-ratio.ts).
  CacheRatio: '{}',
  CreateCacheRatio: '{}',
  GroupRatio: '{"default":1,"vip":1,"svip":1}',
  UserUsableGroups: '{"default":"默认分组","vip":"vip分组"}',
  // Relay and channels
  RetryTimes: '0',
  ChannelDisableThreshold: '5',
  ChannelDisableFailureCount: '1',
  ChannelDisableFailureWindowMinutes: '10',
  AutomaticDisableChannelEnabled: 'false',
  AutomaticEnableChannelEnabled: 'false',
  AutomaticDisableKeywords: DEFAULT_DISABLE_KEYWORDS,
  StreamCacheQueueLength: '0',
  ModelRequestRateLimitEnabled: String(MODEL_REQUEST_RATE_LIMIT.enabled),
  ModelRequestRateLimitCount: String(MODEL_REQUEST_RATE_LIMIT.count),
  ModelRequestRateLimitSuccessCount: String(MODEL_REQUEST_RATE_LIMIT.successCount),
  ModelRequestRateLimitDurationMinutes: String(MODEL_REQUEST_RATE_LIMIT.durationMinutes),
  // Features
  LogConsumeEnabled: 'true',
  DrawingEnabled: 'true',
  TaskEnabled: 'true',
  DataExportEnabled: 'true',
  DataExportInterval: String(DATA_EXPORT.intervalMinutes),
  DataExportDefaultTime: DATA_EXPORT.defaultTime,
  MjNotifyEnabled: 'false',
  MjAccountFilterEnabled: 'false',
  MjForwardUrlEnabled: 'true',
  MjModeClearEnabled: 'false',
  MjActionCheckSuccessEnabled: 'true',
  CheckSensitiveEnabled: 'true',
  CheckSensitiveOnPromptEnabled: 'true',
  StopOnSensitiveEnabled: 'true',
  SensitiveWords: 'test_sensitive',
  // Provider settings (dotted keys)
  'gemini.safety_settings': '{"default":"OFF","HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE"}',
  'gemini.version_settings': '{"default":"v1beta","gemini-1.0-pro":"v1"}',
  'claude.model_headers_settings': '{}',
  'claude.thinking_adapter_enabled': 'true',
  'claude.default_max_tokens': json({ default: CLAUDE_DEFAULT_MAX_TOKENS }),
  'claude.thinking_adapter_budget_tokens_percentage': String(CLAUDE_THINKING_BUDGET_PERCENTAGE.default),
} as const satisfies Record<string, string>;

/** A known option key. */
export type OptionKey = keyof typeof OPTION_DEFAULTS;

/** Every known option key. */
export const OPTION_KEYS = Object.keys(OPTION_DEFAULTS) as OptionKey[];
