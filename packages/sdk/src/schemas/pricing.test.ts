import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ModelPricingBatchParamsSchema,
  ModelPricingRowSchema,
  ModelPricingRowsSchema,
  PricingResponseSchema,
} from './pricing.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('PricingResponseSchema', () => {
  it('parses the top-level pricing answer', () => {
    const body = {
      success: true,
      data: [
        {
          model_name: 'gpt-4o',
          quota_type: 0,
          model_ratio: 1.25,
          model_price: 0,
          owner_by: '',
          completion_ratio: 4,
          enable_groups: ['default', 'vip'],
        },
        {
          model_name: 'mj_imagine',
          quota_type: 1,
          model_ratio: 0,
          model_price: 0.1,
          completion_ratio: 1,
          enable_groups: null,
        },
      ],
      group_ratio: { default: 1, vip: 1 },
      usable_group: { default: '默认分组' },
    };
    const parsed = PricingResponseSchema.parse(body);
    expect(parsed.data[0]).toEqual(body.data[0]);
    expect(parsed.data[1]).toMatchObject({ quota_type: 1, model_price: 0.1, enable_groups: [] });
    expect(parsed.group_ratio.vip).toBe(1);
  });

  it('reads the optional cache ratios newer servers send, and leaves them out when absent or malformed', () => {
    const entry = { model_name: 'claude-sonnet-4-5', cache_ratio: 0.1, create_cache_ratio: 1.25 };
    const parsed = PricingResponseSchema.parse({ success: true, data: [entry, { model_name: 'x' }] });
    expect(parsed.data[0]).toMatchObject({ cache_ratio: 0.1, create_cache_ratio: 1.25 });
    expect(parsed.data[1]!.cache_ratio).toBeUndefined();
    const bad = PricingResponseSchema.parse({
      success: true,
      data: [{ model_name: 'y', cache_ratio: null }],
    });
    expect(bad.data[0]!.cache_ratio).toBeUndefined();
  });

  it('rejects an unknown quota type', () => {
    expect(
      PricingResponseSchema.safeParse({ success: true, data: [{ model_name: 'x', quota_type: 2 }] }).success,
    ).toBe(false);
  });
});

describe('ModelPricingRowSchema', () => {
  it('takes numbers only, empty meaning unset', () => {
    expect(
      ModelPricingRowSchema.parse({ name: 'gpt-4o', price: '', ratio: '1.25', completionRatio: 4 }),
    ).toEqual({
      name: 'gpt-4o',
      price: undefined,
      ratio: 1.25,
      completionRatio: 4,
    });
    expect(firstMessage(ModelPricingRowSchema, { name: 'gpt-4o', ratio: 'abc' })).toBe('pricing.notNumber');
    expect(firstMessage(ModelPricingRowSchema, { name: '', ratio: 1 })).toBe('pricing.modelNameRequired');
  });

  it('rejects duplicate model names in the table', () => {
    expect(firstMessage(ModelPricingRowsSchema, [{ name: 'a' }, { name: 'a' }])).toBe(
      'pricing.duplicateModel',
    );
  });
});

describe('ModelPricingBatchParamsSchema', () => {
  it('needs selected models and the values of its mode', () => {
    expect(
      ModelPricingBatchParamsSchema.parse({ models: ['a', 'b'], mode: 'price', price: '0.1' }).price,
    ).toBe(0.1);
    expect(firstMessage(ModelPricingBatchParamsSchema, { models: [], mode: 'price', price: 1 })).toBe(
      'pricing.selectModels',
    );
    expect(firstMessage(ModelPricingBatchParamsSchema, { models: ['a'], mode: 'price' })).toBe(
      'pricing.priceRequired',
    );
    expect(firstMessage(ModelPricingBatchParamsSchema, { models: ['a'], mode: 'ratio', ratio: 1 })).toBe(
      'pricing.bothValuesRequired',
    );
    expect(
      firstMessage(ModelPricingBatchParamsSchema, {
        models: ['a', 'a'],
        mode: 'ratio',
        ratio: 1,
        completionRatio: 1,
      }),
    ).toBe('pricing.duplicateModel');
  });
});
