import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import {
  RedemptionCreateParamsSchema,
  RedemptionSchema,
  RedemptionSearchParamsSchema,
  RedemptionStatusUpdateParamsSchema,
  RedemptionUpdateParamsSchema,
} from './redemption.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('RedemptionSchema', () => {
  it('parses a new-api redemption row strictly', () => {
    const row = {
      id: 9,
      user_id: 1,
      key: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      status: 3,
      name: 'promo',
      quota: 100000,
      created_time: 1741161600,
      redeemed_time: 1741248000,
      used_user_id: 7,
    };
    expect(RedemptionSchema.strict().parse(row)).toEqual(row);
  });
});

describe('RedemptionCreateParamsSchema', () => {
  it('defaults quota 100000 and count 1', () => {
    expect(RedemptionCreateParamsSchema.parse({ name: 'promo' })).toEqual({
      name: 'promo',
      quota: 100000,
      count: 1,
    });
  });

  it('needs a 1-20 character name', () => {
    expect(firstMessage(RedemptionCreateParamsSchema, { name: '' })).toBe('redemption.nameRequired');
    const long = RedemptionCreateParamsSchema.safeParse({ name: 'n'.repeat(21) });
    expect(long.error?.issues[0]?.message).toBe('redemption.nameLength');
    expect(formatZodError(long.error!, 'en')).toBe('the name must be 1 to 20 characters long');
  });

  it('needs an integer quota and a count from 1 to 100', () => {
    expect(RedemptionCreateParamsSchema.parse({ name: 'p', count: '100', quota: '5' })).toMatchObject({
      count: 100,
      quota: 5,
    });
    expect(firstMessage(RedemptionCreateParamsSchema, { name: 'p', quota: 1.5 })).toBe('common.quotaInvalid');
    expect(firstMessage(RedemptionCreateParamsSchema, { name: 'p', count: 0 })).toBe(
      'redemption.countPositive',
    );
    expect(firstMessage(RedemptionCreateParamsSchema, { name: 'p', count: 101 })).toBe(
      'redemption.countTooLarge',
    );
    expect(firstMessage(RedemptionCreateParamsSchema, { name: 'p', count: 'ten' })).toBe(
      'redemption.countInteger',
    );
  });
});

describe('redemption updates and search', () => {
  it('edits name and quota', () => {
    expect(RedemptionUpdateParamsSchema.parse({ id: 9, name: 'new', quota: 10 })).toEqual({
      id: 9,
      name: 'new',
      quota: 10,
    });
    expect(firstMessage(RedemptionUpdateParamsSchema, { id: 9, name: '' })).toBe('redemption.nameRequired');
  });

  it('toggles unused and disabled only', () => {
    expect(RedemptionStatusUpdateParamsSchema.parse({ id: 9, status: 1 }).status).toBe(1);
    expect(firstMessage(RedemptionStatusUpdateParamsSchema, { id: 9, status: 3 })).toBe(
      'redemption.invalidStatus',
    );
  });

  it('pages searches', () => {
    expect(RedemptionSearchParamsSchema.parse({ keyword: 'pro', page: 2 })).toEqual({
      keyword: 'pro',
      page: 2,
      pageSize: 10,
    });
  });
});
