import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  ExpirySchema,
  TokenBatchParamsSchema,
  TokenCreateParamsSchema,
  TokenSchema,
  TokenSearchParamsSchema,
  TokenStatusUpdateParamsSchema,
  TokenUpdateParamsSchema,
} from './token.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('TokenSchema', () => {
  it('parses a new-api token row strictly', () => {
    const row = {
      id: 3,
      user_id: 1,
      key: 'Xy7pQ2'.repeat(8),
      status: 1,
      name: 'ci',
      created_time: 1741161600,
      accessed_time: 1741165200,
      expired_time: -1,
      remain_quota: 500000,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.1\n10.0.0.2',
      used_quota: 1200,
      group: '',
      DeletedAt: null,
    };
    // Switchboard's budget fields are additions: a new-api row parses, and gets them as "none".
    expect(TokenSchema.strict().parse(row)).toEqual({
      ...row,
      period: '',
      period_quota: 0,
      period_requests: 0,
      period_used_quota: 0,
      period_used_requests: 0,
      period_reset_time: 0,
      max_concurrency: 0,
      rpm_limit: 0,
      tpm_limit: 0,
    });
  });

  it('fills defaults for a sparse row and a null allow_ips pointer', () => {
    expect(TokenSchema.parse({ id: 4, allow_ips: null })).toMatchObject({
      allow_ips: '',
      expired_time: -1,
      status: 1,
    });
  });
});

describe('ExpirySchema', () => {
  it('reads -1, unix seconds and local date-times', () => {
    expect(ExpirySchema.parse(-1)).toBe(-1);
    expect(ExpirySchema.parse('-1')).toBe(-1);
    expect(ExpirySchema.parse(1767225600)).toBe(1767225600);
    expect(ExpirySchema.parse('2026-01-01 08:30:00')).toBe(new Date(2026, 0, 1, 8, 30, 0).getTime() / 1000);
  });

  it('rejects other text with "expiry time format error"', () => {
    for (const bad of ['tomorrow', '2026-02-30 00:00:00', '2026/01/01 00:00:00', -5, 1.5]) {
      const result = ExpirySchema.safeParse(bad);
      expect(result.error?.issues[0]?.message, String(bad)).toBe('token.expiryFormat');
    }
    expect(formatZodError(ExpirySchema.safeParse('x').error!, 'en')).toBe('expiry time format error');
  });
});

describe('TokenCreateParamsSchema', () => {
  it('applies the new-token defaults', () => {
    expect(TokenCreateParamsSchema.parse({ name: 'ci' })).toEqual({
      name: 'ci',
      expired_time: -1,
      remain_quota: 500000,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
    });
  });

  it('joins model limits with commas and IPs with newlines', () => {
    const params = TokenCreateParamsSchema.parse({
      name: 'ci',
      model_limits: ['gpt-4o', ' gpt-4o-mini '],
      allow_ips: '1.1.1.1, 2.2.2.2\n',
      remain_quota: '1000',
    });
    expect(params).toMatchObject({
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '1.1.1.1\n2.2.2.2',
      remain_quota: 1000,
    });
  });

  it('requires a name of at most 30 characters', () => {
    expect(firstMessage(TokenCreateParamsSchema, { name: ' ' })).toBe('token.nameRequired');
    expect(TokenCreateParamsSchema.safeParse({ name: 'n'.repeat(30) }).success).toBe(true);
    const long = TokenCreateParamsSchema.safeParse({ name: 'n'.repeat(31) });
    expect(formatZodError(long.error!, 'zh')).toBe('令牌名称过长');
  });

  it('needs a non-negative integer quota', () => {
    expect(firstMessage(TokenCreateParamsSchema, { name: 'a', remain_quota: -1 })).toBe(
      'common.quotaInvalid',
    );
    expect(firstMessage(TokenCreateParamsSchema, { name: 'a', remain_quota: '1.5' })).toBe(
      'common.quotaInvalid',
    );
  });
});

describe('TokenUpdateParamsSchema and TokenStatusUpdateParamsSchema', () => {
  it('updates only the given fields', () => {
    expect(
      TokenUpdateParamsSchema.parse({ id: 3, expired_time: '2030-01-01 00:00:00', unlimited_quota: true }),
    ).toEqual({
      id: 3,
      expired_time: new Date(2030, 0, 1).getTime() / 1000,
      unlimited_quota: true,
    });
    expect(firstMessage(TokenUpdateParamsSchema, { id: 3, status: 9 })).toBe('token.invalidStatus');
  });

  it('toggles between enabled and disabled only', () => {
    expect(TokenStatusUpdateParamsSchema.parse({ id: 3, status: 2 })).toEqual({ id: 3, status: 2 });
    expect(firstMessage(TokenStatusUpdateParamsSchema, { id: 3, status: 3 })).toBe('token.invalidStatus');
  });
});

describe('TokenBatchParamsSchema and TokenSearchParamsSchema', () => {
  it('needs a positive integer count', () => {
    expect(TokenBatchParamsSchema.parse({ name: 'bulk', count: '20' }).count).toBe(20);
    expect(firstMessage(TokenBatchParamsSchema, { name: 'bulk', count: 0 })).toBe('token.batchCountInvalid');
    expect(firstMessage(TokenBatchParamsSchema, { name: 'bulk', count: 2.5 })).toBe(
      'token.batchCountInvalid',
    );
  });

  it('strips sk- from the searched key', () => {
    expect(TokenSearchParamsSchema.parse({ token: 'sk-abc' })).toEqual({ keyword: '', token: 'abc' });
  });
});
