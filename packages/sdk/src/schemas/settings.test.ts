import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import { diffOptions } from './option.js';
import {
  ClaudeSettingsSchema,
  GeminiSettingsSchema,
  PaymentSettingsSchema,
  RateLimitFormSchema,
} from './settings.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('RateLimitFormSchema', () => {
  const defaults = {
    ModelRequestRateLimitEnabled: 'false',
    ModelRequestRateLimitDurationMinutes: '1',
    ModelRequestRateLimitCount: '0',
    ModelRequestRateLimitSuccessCount: '1000',
  };

  it('reads the option strings and turns into option entries', () => {
    const form = RateLimitFormSchema.parse({
      ...defaults,
      ModelRequestRateLimitEnabled: true,
      ModelRequestRateLimitCount: 60,
    });
    expect(form).toEqual({
      ModelRequestRateLimitEnabled: true,
      ModelRequestRateLimitDurationMinutes: 1,
      ModelRequestRateLimitCount: 60,
      ModelRequestRateLimitSuccessCount: 1000,
    });
    expect(diffOptions(defaults, form)).toEqual([
      { key: 'ModelRequestRateLimitEnabled', value: 'true' },
      { key: 'ModelRequestRateLimitCount', value: '60' },
    ]);
  });

  it('keeps period and count at least 0 and successes at least 1', () => {
    expect(firstMessage(RateLimitFormSchema, { ...defaults, ModelRequestRateLimitDurationMinutes: -1 })).toBe(
      'settings.rateLimitPeriodMin',
    );
    expect(firstMessage(RateLimitFormSchema, { ...defaults, ModelRequestRateLimitCount: -1 })).toBe(
      'settings.rateLimitCountMin',
    );
    const result = RateLimitFormSchema.safeParse({ ...defaults, ModelRequestRateLimitSuccessCount: 0 });
    expect(formatZodError(result.error!, 'en')).toBe(
      'the maximum successful requests per period must be at least 1',
    );
  });
});

describe('ClaudeSettingsSchema', () => {
  const valid = {
    'claude.model_headers_settings':
      '{"claude-3-7-sonnet-20250219":{"anthropic-beta":["output-128k-2025-02-19"]}}',
    'claude.default_max_tokens': '{"default":8192}',
    'claude.thinking_adapter_enabled': 'true',
    'claude.thinking_adapter_budget_tokens_percentage': '0.8',
  };

  it('accepts valid JSON and a budget between 0.1 and 1', () => {
    expect(ClaudeSettingsSchema.parse(valid)).toMatchObject({
      'claude.thinking_adapter_enabled': true,
      'claude.thinking_adapter_budget_tokens_percentage': 0.8,
    });
  });

  it('rejects bad JSON and budgets out of range', () => {
    expect(firstMessage(ClaudeSettingsSchema, { ...valid, 'claude.model_headers_settings': '{' })).toBe(
      'common.invalidJson',
    );
    expect(firstMessage(ClaudeSettingsSchema, { ...valid, 'claude.default_max_tokens': 'x' })).toBe(
      'common.invalidJson',
    );
    const low = ClaudeSettingsSchema.safeParse({
      ...valid,
      'claude.thinking_adapter_budget_tokens_percentage': 0.09,
    });
    expect(formatZodError(low.error!, 'en')).toBe('the thinking budget percentage must be between 0.1 and 1');
    expect(
      firstMessage(ClaudeSettingsSchema, {
        ...valid,
        'claude.thinking_adapter_budget_tokens_percentage': '1.1',
      }),
    ).toBe('settings.thinkingBudgetRange');
  });
});

describe('GeminiSettingsSchema', () => {
  it('needs JSON maps for safety and version settings', () => {
    const valid = {
      'gemini.safety_settings': '{"default":"OFF"}',
      'gemini.version_settings': '{"default":"v1beta"}',
    };
    expect(GeminiSettingsSchema.parse(valid)).toEqual(valid);
    expect(firstMessage(GeminiSettingsSchema, { ...valid, 'gemini.version_settings': 'v1' })).toBe(
      'common.invalidJson',
    );
  });
});

describe('PaymentSettingsSchema', () => {
  const valid = {
    ServerAddress: 'https://gw.example.com/',
    PayAddress: 'https://pay.example.com/',
    EpayId: '1001',
    Price: '7.3',
    MinTopUp: '1',
    TopupGroupRatio: '{"default":1,"vip":1,"svip":1}',
  };

  it('strips address slashes and reads numbers', () => {
    expect(PaymentSettingsSchema.parse(valid)).toMatchObject({
      ServerAddress: 'https://gw.example.com',
      PayAddress: 'https://pay.example.com',
      Price: 7.3,
      MinTopUp: 1,
    });
  });

  it('needs the server address first, valid top-up ratios and MinTopUp of at least 1', () => {
    expect(firstMessage(PaymentSettingsSchema, { ...valid, ServerAddress: '' })).toBe(
      'option.serverAddressRequired',
    );
    expect(firstMessage(PaymentSettingsSchema, { ...valid, TopupGroupRatio: '{' })).toBe(
      'common.invalidJson',
    );
    expect(firstMessage(PaymentSettingsSchema, { ...valid, MinTopUp: 0 })).toBe('common.tooSmall');
  });
});
