import { z } from 'zod';
import { msg } from '../i18n/translate.js';
import { duplicates, orDefault } from './common.js';

/** One model of `GET /api/pricing`. */
export const PricingEntrySchema = z.object({
  model_name: z.string(),
  /** 0: priced by ratio (per token); 1: fixed price per call. */
  quota_type: orDefault(z.literal([0, 1]), 0),
  /** Ratio 1 = $2 per million prompt tokens. */
  model_ratio: orDefault(z.number(), 0),
  /** USD per call when quota_type is 1. */
  model_price: orDefault(z.number(), 0),
  /** Owner shown by newer servers. */
  owner_by: z.string().optional(),
  /** Completion tokens cost this many prompt tokens. */
  completion_ratio: orDefault(z.number(), 1),
  /** Prompt tokens read from the upstream's cache cost this many prompt tokens; absent when unknown. */
  cache_ratio: z.number().optional().catch(undefined),
  /** Prompt tokens written to the upstream's cache cost this many prompt tokens; absent when unknown. */
  create_cache_ratio: z.number().optional().catch(undefined),
  /** Groups in which the model is available. */
  enable_groups: orDefault(z.array(z.string()), []),
});
/** A pricing entry. */
export type PricingEntry = z.output<typeof PricingEntrySchema>;

/** `GET /api/pricing` (top level, not enveloped). */
export const PricingResponseSchema = z.object({
  success: z.boolean(),
  message: orDefault(z.string(), ''),
  data: orDefault(z.array(PricingEntrySchema), []),
  /** Group name → price multiplier. */
  group_ratio: orDefault(z.record(z.string(), z.number()), {}),
  /** Groups usable by the caller: name → description. */
  usable_group: orDefault(z.record(z.string(), z.string()), {}),
});
/** The public pricing answer. */
export type PricingResponse = z.output<typeof PricingResponseSchema>;

/** A price cell: empty means unset, anything else must be a number of 0 or more. */
const priceCell = z
  .union([z.number(), z.string()], { error: msg('pricing.notNumber') })
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: msg('pricing.notNumber'), input: value });
      return z.NEVER;
    }
    return n;
  });

/** One row of the admin model pricing editor (stored in ModelPrice, ModelRatio, CompletionRatio). */
export const ModelPricingRowSchema = z.object({
  name: z.string(msg('pricing.modelNameRequired')).trim().min(1, msg('pricing.modelNameRequired')),
  /** Fixed USD price per call; set means per-call pricing. */
  price: priceCell,
  /** Model ratio. */
  ratio: priceCell,
  /** Completion ratio. */
  completionRatio: priceCell,
});
/** A model pricing row. */
export type ModelPricingRow = z.output<typeof ModelPricingRowSchema>;

/** The whole editor table: rows with unique model names. */
export const ModelPricingRowsSchema = z.array(ModelPricingRowSchema).superRefine((rows, ctx) => {
  const repeated = duplicates(rows.map((row) => row.name));
  if (repeated.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: msg('pricing.duplicateModel'),
      params: { items: repeated.join(',') },
    });
  }
});

/**
 * Batch pricing: selected models and either a fixed price (`price` mode) or both a model ratio and a
 * completion ratio (`ratio` mode).
 */
export const ModelPricingBatchParamsSchema = z
  .object({
    models: z
      .array(z.string().trim().min(1, msg('pricing.modelNameRequired')), msg('pricing.selectModels'))
      .min(1, msg('pricing.selectModels'))
      .refine((models) => duplicates(models).length === 0, msg('pricing.duplicateModel')),
    mode: z.enum(['price', 'ratio']),
    price: priceCell,
    ratio: priceCell,
    completionRatio: priceCell,
  })
  .superRefine((batch, ctx) => {
    if (batch.mode === 'price' && batch.price === undefined) {
      ctx.addIssue({ code: 'custom', message: msg('pricing.priceRequired'), path: ['price'] });
    }
    if (batch.mode === 'ratio' && (batch.ratio === undefined || batch.completionRatio === undefined)) {
      ctx.addIssue({ code: 'custom', message: msg('pricing.bothValuesRequired'), path: ['ratio'] });
    }
  });
/** Batch pricing parameters. */
export type ModelPricingBatchParams = z.input<typeof ModelPricingBatchParamsSchema>;
