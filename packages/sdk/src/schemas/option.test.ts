import { describe, expect, it } from 'vitest';
import { formatZodError } from '../i18n/translate.js';
import { DEFAULT_MODEL_RATIO } from './model-ratio-defaults.js';
import {
  diffOptions,
  OptionBatchUpdateParamsSchema,
  OptionEntrySchema,
  optionEnableGuard,
  OptionUpdateParamsSchema,
  parseOptions,
  serializeOptionValue,
} from './option.js';
import { OPTION_DEFAULTS, OPTION_KEYS } from './option-defaults.js';
import { isSecretOptionKey, OPTION_TYPES, SECRET_OPTION_KEYS } from './option-types.js';
import { validateOptionValue } from './option-values.js';

const messageOf = (key: string, value: unknown) => {
  const result = validateOptionValue(key, value);
  expect(result.success, `${key}=${String(value)} should be rejected`).toBe(false);
  return result.error?.issues[0]?.message;
};

describe('OPTION_DEFAULTS', () => {
  it('holds the new-api initial values as strings', () => {
    expect(OPTION_DEFAULTS).toMatchObject({
      QuotaPerUnit: '500000',
      PreConsumedQuota: '500',
      RetryTimes: '0',
      ChannelDisableThreshold: '5',
      ChannelDisableFailureCount: '1',
      SelfUseModeEnabled: 'false',
      GroupRatio: '{"default":1,"vip":1,"svip":1}',
      SMTPPort: '587',
      Price: '7.3',
      MinTopUp: '1',
      QuotaRemindThreshold: '1000',
      DataExportInterval: '5',
      DataExportDefaultTime: 'hour',
      ModelRequestRateLimitSuccessCount: '1000',
      'claude.thinking_adapter_budget_tokens_percentage': '0.8',
      'claude.default_max_tokens': '{"default":8192}',
      PasswordLoginEnabled: 'true',
      EmailVerificationEnabled: 'false',
    });
    for (const key of OPTION_KEYS) expect(typeof OPTION_DEFAULTS[key], key).toBe('string');
  });

  it('ships a built-in model ratio map with the common models', () => {
    const ratios = JSON.parse(OPTION_DEFAULTS.ModelRatio) as Record<string, number>;
    expect(ratios).toEqual(DEFAULT_MODEL_RATIO);
    expect(ratios).toMatchObject({
      'gpt-4o': 1.25,
      'gpt-4o-mini': 0.075,
      'gpt-3.5-turbo': 0.25,
      'gpt-4': 15,
      o1: 7.5,
    });
    expect(Object.keys(ratios).length).toBeGreaterThan(30);
  });

  it('passes every default through its own value rule', () => {
    for (const key of OPTION_KEYS) {
      expect(validateOptionValue(key, OPTION_DEFAULTS[key]).success, key).toBe(true);
    }
  });
});

describe('option types and secrets', () => {
  it('types Enabled keys as booleans, JSON maps as json and counts as numbers', () => {
    expect(OPTION_TYPES.RegisterEnabled).toBe('boolean');
    expect(OPTION_TYPES.DefaultCollapseSidebar).toBe('boolean');
    expect(OPTION_TYPES['claude.thinking_adapter_enabled']).toBe('boolean');
    expect(OPTION_TYPES.ModelRatio).toBe('json');
    expect(OPTION_TYPES.SMTPPort).toBe('number');
    expect(OPTION_TYPES.SystemName).toBe('string');
  });

  it('treats keys ending in Token, Secret or Key as secrets', () => {
    expect([...SECRET_OPTION_KEYS].sort()).toEqual(
      [
        'EpayKey',
        'GitHubClientSecret',
        'LinuxDOClientSecret',
        'SMTPToken',
        'TelegramBotToken',
        'TurnstileSecretKey',
        'TurnstileSiteKey',
        'WeChatServerToken',
        'WorkerValidKey',
      ].sort(),
    );
    expect(isSecretOptionKey('SystemName')).toBe(false);
  });
});

describe('validateOptionValue', () => {
  it.each([
    'GroupRatio',
    'UserUsableGroups',
    'ModelPrice',
    'ModelRatio',
    'CompletionRatio',
    'CacheRatio',
    'CreateCacheRatio',
    'TopupGroupRatio',
    'Chats',
  ])('%s rejects bad JSON with "not a valid JSON string"', (key) => {
    expect(messageOf(key, '{"default":1')).toBe('common.invalidJson');
    const result = validateOptionValue(key, 'not json');
    expect(formatZodError(result.error!, 'en')).toBe('not a valid JSON string');
  });

  it('needs ratio maps of numbers not below 0', () => {
    expect(validateOptionValue('GroupRatio', '{"default":1,"vip":0.5}').success).toBe(true);
    expect(messageOf('GroupRatio', '{"default":-1}')).toBe('option.ratioInvalid');
    expect(messageOf('ModelRatio', '{"gpt-4o":"1.25"}')).toBe('option.ratioInvalid');
    expect(messageOf('CompletionRatio', '[1]')).toBe('option.ratioInvalid');
    expect(messageOf('CacheRatio', '{"claude-*":-0.1}')).toBe('option.ratioInvalid');
    expect(messageOf('CreateCacheRatio', '{"claude-*":"1.25"}')).toBe('option.ratioInvalid');
    expect(validateOptionValue('CacheRatio', ' {"claude-*":0.1,"gpt-4o":0.5} ').data).toBe(
      '{"claude-*":0.1,"gpt-4o":0.5}',
    );
    expect(messageOf('UserUsableGroups', '{"vip":1}')).toBe('option.jsonStringMapRequired');
    expect(messageOf('Chats', '{"a":"b"}')).toBe('option.chatsInvalid');
  });

  it('checks the dotted provider settings', () => {
    expect(messageOf('gemini.safety_settings', '{')).toBe('common.invalidJson');
    expect(messageOf('claude.model_headers_settings', '[]')).toBe('option.jsonObjectRequired');
    expect(messageOf('claude.default_max_tokens', '{"default":"8192"}')).toBe('option.jsonNumberMapRequired');
    expect(messageOf('claude.thinking_adapter_budget_tokens_percentage', '0.05')).toBe(
      'settings.thinkingBudgetRange',
    );
    expect(messageOf('claude.thinking_adapter_budget_tokens_percentage', '1.5')).toBe(
      'settings.thinkingBudgetRange',
    );
    expect(messageOf('claude.thinking_adapter_enabled', 'yes')).toBe('common.invalidBoolean');
  });

  it('enforces numeric bounds with the bound in the message', () => {
    const interval = validateOptionValue('DataExportInterval', '0');
    expect(interval.error?.issues[0]).toMatchObject({ message: 'common.tooSmall', params: { min: 1 } });
    expect(formatZodError(interval.error!, 'en')).toBe('must not be less than 1');
    for (const key of [
      'QuotaRemindThreshold',
      'PreConsumedQuota',
      'QuotaForNewUser',
      'QuotaForInviter',
    ] as const)
      for (const value of ['-1', '1e308', '9223372036854775808', '1.5'])
        expect(messageOf(key, value), `${key}=${value}`).toMatch(/^common\.(quotaInvalid|invalidInteger)$/);
    expect(validateOptionValue('QuotaForInvitee', String(Number.MAX_SAFE_INTEGER)).success).toBe(true);
    expect(messageOf('ChannelDisableThreshold', '-0.5')).toBe('common.tooSmall');
    expect(messageOf('MinTopUp', '0')).toBe('common.tooSmall');
    expect(messageOf('QuotaPerUnit', '0')).toBe('common.mustBePositive');
    expect(messageOf('RetryTimes', '1.5')).toBe('common.invalidInteger');
    expect(messageOf('Price', 'cheap')).toBe('common.invalidNumber');
    expect(messageOf('SMTPPort', '0')).toBe('common.tooSmall');
    expect(formatZodError(validateOptionValue('SMTPPort', '70000').error!, 'en')).toBe(
      'must not be greater than 65535',
    );
    expect(validateOptionValue('SMTPPort', '465').success).toBe(true);
  });

  it('applies the rate-limit rules', () => {
    expect(messageOf('ModelRequestRateLimitDurationMinutes', '-1')).toBe('settings.rateLimitPeriodMin');
    expect(messageOf('ModelRequestRateLimitCount', '-1')).toBe('settings.rateLimitCountMin');
    expect(messageOf('ModelRequestRateLimitSuccessCount', '0')).toBe('settings.rateLimitSuccessCountMin');
    expect(validateOptionValue('ModelRequestRateLimitCount', '0').success).toBe(true);
  });

  it("takes only 'true' and 'false' for switches, including unknown Enabled keys", () => {
    expect(validateOptionValue('RegisterEnabled', 'false').data).toBe('false');
    expect(messageOf('RegisterEnabled', 'TRUE')).toBe('common.invalidBoolean');
    expect(messageOf('SomeFutureEnabled', '1')).toBe('common.invalidBoolean');
    expect(messageOf('DefaultCollapseSidebar', 'on')).toBe('common.invalidBoolean');
  });

  it('normalises addresses, export time and the domain whitelist', () => {
    expect(validateOptionValue('ServerAddress', 'https://gw.example.com/').data).toBe(
      'https://gw.example.com',
    );
    expect(validateOptionValue('PayAddress', 'https://pay.example.com//').data).toBe(
      'https://pay.example.com',
    );
    expect(messageOf('DataExportDefaultTime', 'month')).toBe('option.invalidExportTime');
    expect(validateOptionValue('EmailDomainWhitelist', 'gmail.com, qq.com,,').data).toBe('gmail.com,qq.com');
    expect(validateOptionValue('Notice', '<b>hi</b>').data).toBe('<b>hi</b>');
  });
});

describe('OptionUpdateParamsSchema', () => {
  it('accepts {key, value} and outputs the normalised value', () => {
    expect(OptionUpdateParamsSchema.parse({ key: 'WorkerUrl', value: 'https://w.example.com/' })).toEqual({
      key: 'WorkerUrl',
      value: 'https://w.example.com',
    });
  });

  it('reports value errors under "value" and non-string values as invalid parameters', () => {
    const result = OptionUpdateParamsSchema.safeParse({ key: 'GroupRatio', value: '{' });
    expect(result.error?.issues[0]).toMatchObject({ message: 'common.invalidJson', path: ['value'] });
    expect(
      OptionUpdateParamsSchema.safeParse({ key: 'RetryTimes', value: 3 }).error?.issues[0]?.message,
    ).toBe('common.invalidParams');
    expect(OptionUpdateParamsSchema.safeParse({ key: '', value: 'x' }).error?.issues[0]?.message).toBe(
      'option.keyRequired',
    );
    expect(
      formatZodError(OptionUpdateParamsSchema.safeParse({ key: 'MinTopUp', value: '0' }).error!, 'zh'),
    ).toBe('不能小于 1');
  });

  it('says "you seem to have changed nothing" for an empty batch', () => {
    const result = OptionBatchUpdateParamsSchema.safeParse([]);
    expect(formatZodError(result.error!, 'en')).toBe('you seem to have changed nothing');
  });
});

describe('parseOptions, serializeOptionValue, diffOptions', () => {
  it('reads Enabled keys as booleans and numbers as numbers, over the defaults', () => {
    const entries = [
      { key: 'RegisterEnabled', value: 'false' },
      { key: 'RetryTimes', value: '3' },
      { key: 'GroupRatio', value: '{"default":1}' },
      { key: 'ExtraServerOption', value: 'x' },
    ];
    const options = parseOptions(entries);
    expect(options.RegisterEnabled).toBe(false);
    expect(options.RetryTimes).toBe(3);
    expect(options.GroupRatio).toBe('{"default":1}');
    expect(options.ExtraServerOption).toBe('x');
    expect(options.PasswordLoginEnabled).toBe(true);
    expect(options.QuotaPerUnit).toBe(500000);
    expect(parseOptions({ DrawingEnabled: 'yes' }, { defaults: false })).toEqual({ DrawingEnabled: false });
  });

  it('parses option entries from the server', () => {
    expect(OptionEntrySchema.parse({ key: 'RetryTimes', value: 3 })).toEqual({
      key: 'RetryTimes',
      value: '3',
    });
  });

  it('writes values the way options are stored', () => {
    expect(serializeOptionValue(true)).toBe('true');
    expect(serializeOptionValue(7.3)).toBe('7.3');
    expect(serializeOptionValue({ default: 1 })).toBe('{"default":1}');
    expect(serializeOptionValue(null)).toBe('');
    expect(serializeOptionValue('x')).toBe('x');
  });

  it('lists only changed options and never an empty secret', () => {
    const before = { SystemName: 'New API', RetryTimes: 0, EpayKey: '' };
    const after = { SystemName: 'Switchboard', RetryTimes: '0', EpayKey: '' };
    expect(diffOptions(before, after)).toEqual([{ key: 'SystemName', value: 'Switchboard' }]);
    expect(diffOptions(before, before)).toEqual([]);
  });
});

describe('optionEnableGuard', () => {
  it('needs credentials before switching on logins and checks', () => {
    expect(optionEnableGuard('GitHubOAuthEnabled', 'true', { GitHubClientId: 'id' })).toBe(
      'option.githubCredentialsRequired',
    );
    expect(
      optionEnableGuard('GitHubOAuthEnabled', 'true', { GitHubClientId: 'id', GitHubClientSecret: 's' }),
    ).toBeUndefined();
    expect(optionEnableGuard('GitHubOAuthEnabled', 'false', {})).toBeUndefined();
    expect(optionEnableGuard('TurnstileCheckEnabled', 'true', {})).toBe(
      'option.turnstileCredentialsRequired',
    );
    expect(optionEnableGuard('EmailDomainRestrictionEnabled', 'true', { EmailDomainWhitelist: ' ' })).toBe(
      'option.emailWhitelistRequired',
    );
    expect(optionEnableGuard('LinuxDOOAuthEnabled', 'true', {})).toBe('option.linuxdoCredentialsRequired');
    expect(optionEnableGuard('WeChatAuthEnabled', 'true', {})).toBe('option.wechatCredentialsRequired');
  });
});
