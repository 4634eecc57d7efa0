import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPTION_KEYS, type OptionKey } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';

/**
 * The guard that every option acts: each key the console can store is either read by the code named here (a
 * module under `src/` that holds the key as a string literal) or listed as inert, with the reason given in
 * README.md's "Options that act on nothing here". A new option, or a reader that stops reading one, fails it.
 */
const READERS: Record<Exclude<OptionKey, keyof typeof INERT>, string[]> = {
  PasswordLoginEnabled: ['modules/users/auth.routes'],
  PasswordRegisterEnabled: ['modules/users/register'],
  RegisterEnabled: ['modules/oauth/accounts', 'modules/users/register'],
  EmailVerificationEnabled: ['modules/users/register'],
  GitHubOAuthEnabled: ['modules/oauth/oauth.routes'],
  GitHubClientId: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  GitHubClientSecret: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  LinuxDOOAuthEnabled: ['modules/oauth/oauth.routes'],
  LinuxDOClientId: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  LinuxDOClientSecret: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  WeChatAuthEnabled: ['modules/oauth/oauth.routes'],
  WeChatServerAddress: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  WeChatServerToken: ['modules/oauth/oauth.routes', 'modules/oauth/providers'],
  WeChatAccountQRCodeImageURL: ['modules/status/status.routes'],
  TelegramOAuthEnabled: ['modules/oauth/telegram.routes', 'http/console-headers'],
  TelegramBotToken: ['modules/oauth/telegram', 'modules/oauth/telegram.routes'],
  TelegramBotName: ['modules/status/status.routes'],
  TurnstileCheckEnabled: ['modules/turnstile/turnstile', 'http/console-headers'],
  TurnstileSiteKey: ['modules/status/status.routes'],
  TurnstileSecretKey: ['modules/turnstile/turnstile'],
  EmailDomainRestrictionEnabled: ['modules/email/email.service'],
  EmailAliasRestrictionEnabled: ['modules/email/email.service'],
  EmailDomainWhitelist: ['modules/email/email.service'],
  SMTPServer: ['notify/mailer'],
  SMTPPort: ['notify/mailer'],
  SMTPAccount: ['notify/mailer'],
  SMTPFrom: ['notify/mailer'],
  SMTPToken: ['notify/mailer'],
  SMTPSSLEnabled: ['notify/mailer'],
  ServerAddress: ['modules/tasks/tasks.service', 'modules/payment/epay.service'],
  WorkerUrl: ['notify/webhook'],
  WorkerValidKey: ['notify/webhook'],
  Notice: ['modules/status/status.routes'],
  SystemName: ['modules/email/email.service', 'notify/mailer'],
  Logo: ['modules/status/status.routes'],
  Footer: ['modules/status/status.routes'],
  About: ['modules/status/status.routes'],
  HomePageContent: ['modules/status/status.routes'],
  TopUpLink: ['modules/status/status.routes'],
  ChatLink: ['modules/status/status.routes'],
  ChatLink2: ['modules/status/status.routes'],
  Chats: ['modules/status/status.routes'],
  DefaultCollapseSidebar: ['modules/status/status.routes'],
  DemoSiteEnabled: ['modules/status/status.routes'],
  SelfUseModeEnabled: ['relay/billing/pricing'],
  QuotaPerUnit: ['modules/users/aff', 'modules/payment/top-up-price'],
  DisplayInCurrencyEnabled: ['modules/payment/top-up-price', 'modules/redemptions/redemptions.service'],
  DisplayTokenStatEnabled: ['relay/entry/billing.routes'],
  QuotaForNewUser: ['modules/oauth/accounts', 'modules/users/admin.service'],
  QuotaForInviter: ['modules/oauth/accounts', 'modules/users/register'],
  QuotaForInvitee: ['modules/oauth/accounts', 'modules/users/register'],
  QuotaRemindThreshold: ['notify/quota-warning'],
  PreConsumedQuota: ['relay/realtime/realtime-meter'],
  PayAddress: ['modules/payment/epay.service'],
  CustomCallbackAddress: ['modules/payment/epay.service'],
  EpayId: ['modules/payment/epay.service'],
  EpayKey: ['modules/payment/epay.service'],
  Price: ['modules/payment/top-up-price'],
  MinTopUp: ['modules/payment/top-up-price'],
  TopupGroupRatio: ['modules/payment/top-up-price'],
  ModelRatio: ['modules/options/options.service', 'modules/pricing/pricing.service'],
  ModelPrice: ['modules/pricing/pricing.service', 'relay/billing/pricing'],
  CompletionRatio: ['modules/pricing/pricing.service', 'relay/billing/pricing'],
  CacheRatio: ['modules/pricing/pricing.service', 'relay/billing/pricing'],
  CreateCacheRatio: ['modules/pricing/pricing.service', 'relay/billing/pricing'],
  GroupRatio: ['modules/users/users.routes', 'modules/users/self.service'],
  UserUsableGroups: ['modules/users/self.service', 'modules/tokens/tokens.service'],
  RetryTimes: ['relay/upstream/first-answer', 'relay/realtime/realtime-dial'],
  ChannelDisableThreshold: ['modules/channels/channel-ops'],
  ChannelDisableFailureCount: ['relay/channels/channel-health'],
  ChannelDisableFailureWindowMinutes: ['relay/channels/channel-health'],
  AutomaticDisableChannelEnabled: ['modules/channels/channel-balance', 'relay/channels/channel-health'],
  AutomaticEnableChannelEnabled: ['relay/channels/channel-health'],
  AutomaticDisableKeywords: ['relay/channels/channel-health'],
  ModelRequestRateLimitEnabled: ['relay/callers/model-rate-limit'],
  ModelRequestRateLimitCount: ['relay/callers/model-rate-limit'],
  ModelRequestRateLimitSuccessCount: ['relay/callers/model-rate-limit'],
  ModelRequestRateLimitDurationMinutes: ['relay/callers/model-rate-limit'],
  LogConsumeEnabled: ['modules/channels/channel-ops', 'relay/billing/settlement-entry'],
  DrawingEnabled: ['modules/status/status.routes'],
  TaskEnabled: ['modules/status/status.routes'],
  DataExportEnabled: ['relay/billing/settlement-entry'],
  DataExportDefaultTime: ['modules/status/status.routes'],
  MjForwardUrlEnabled: ['modules/tasks/tasks.service', 'relay/tasks/mj-dto'],
  MjNotifyEnabled: ['relay/tasks/mj-submit', 'modules/status/status.routes'],
  MjAccountFilterEnabled: ['relay/tasks/mj-submit'],
  MjModeClearEnabled: ['relay/tasks/mj-submit'],
  MjActionCheckSuccessEnabled: ['relay/tasks/mj-submit'],
  CheckSensitiveEnabled: ['relay/core/sensitive-words'],
  CheckSensitiveOnPromptEnabled: ['relay/core/sensitive-words'],
  SensitiveWords: ['relay/core/sensitive-words'],
  'gemini.safety_settings': ['relay/providers/settings'],
  'gemini.version_settings': ['relay/providers/settings'],
  'claude.model_headers_settings': ['relay/providers/settings'],
  'claude.thinking_adapter_enabled': ['relay/providers/settings'],
  'claude.default_max_tokens': ['relay/providers/settings'],
  'claude.thinking_adapter_budget_tokens_percentage': ['relay/providers/settings'],
};

/** Stored and listed, acting on nothing in Switchboard; README.md says why for each. */
const INERT = {
  DataExportInterval: 'quota_data is written with every settlement batch, so there is no export period',
  StreamCacheQueueLength: 'read by nothing in new-api 0.4.8.8.3 either',
  StopOnSensitiveEnabled: "acts on new-api's completion check, which 0.4.8.8.3 never runs",
} as const;

const src = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(src, '../../../README.md'), 'utf8');

describe('every option acts (or says in the README why not)', () => {
  it('names a reader or a reason for each option, never both', () => {
    const named = new Set([...Object.keys(READERS), ...Object.keys(INERT)]);
    expect(OPTION_KEYS.filter((k) => !named.has(k))).toEqual([]);
    expect([...named].filter((k) => !(OPTION_KEYS as string[]).includes(k))).toEqual([]);
    expect(Object.keys(READERS).filter((k) => k in INERT)).toEqual([]);
  });

  it.each(Object.entries(READERS))('%s is read by the modules named', (key, modules) => {
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) {
      const file = join(src, `${module}.ts`);
      expect(existsSync(file), file).toBe(true);
      const text = readFileSync(file, 'utf8');
      expect(text.includes(`'${key}'`) || text.includes(`"${key}"`), `${module} reads ${key}`).toBe(true);
    }
  });

  it.each(Object.keys(INERT))('%s is listed in the README as acting on nothing, with its reason', (key) => {
    const at = readme.indexOf('### Options that act on nothing here');
    expect(at).toBeGreaterThan(0);
    const section = readme.slice(at, readme.indexOf('\n#', at + 5));
    expect(section).toMatch(new RegExp(`\\| (\`\\w+\`, )*\`${key}\``));
  });
});
