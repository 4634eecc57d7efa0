import { ChannelUpdateParamsSchema, isMessageKey, issueParams, translate } from '@switchboard/sdk';
import { z } from 'zod';
import { usageError } from '../core/errors.js';

/** Option keys exported under `pricing` (parsed JSON maps); the rest of the options go under `options`. */
export const PRICING_KEYS = [
  'ModelRatio',
  'CompletionRatio',
  'ModelPrice',
  'CacheRatio',
  'CreateCacheRatio',
  'GroupRatio',
  'UserUsableGroups',
  'TopupGroupRatio',
] as const;

/** A key reference: `${env:NAME}` or `${file:path}`. Literal keys are refused: secrets never live in the file. */
export const KEY_REF = /^\$\{(env|file):([^}]+)\}$/;

const list = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));
const jsonMap = z.union([z.record(z.string(), z.unknown()), z.string()]);

// A channel's fields as the SDK checks them for `PUT /api/channel/` (each optional there).
const sdk = ChannelUpdateParamsSchema.in.shape;

/**
 * One channel as the gateway file describes it; fields left out are not managed. Fields the file writes as
 * the API takes them are the SDK's (its checks, trimming and messages); the others have the file's own form:
 * status by name, the key as a reference, lists as lists, JSON maps as objects, auto_ban as a boolean.
 */
export const ChannelSpecSchema = z.strictObject({
  name: sdk.name.unwrap(),
  type: sdk.type.unwrap(),
  status: z.enum(['enabled', 'disabled', 'auto-disabled']).optional(),
  key: z
    .string()
    .regex(
      KEY_REF,
      'must be a reference such as ${env:OPENAI_KEY} or ${file:keys/openai.txt}; secrets never live in the file',
    )
    .optional(),
  models: list.optional(),
  group: list.optional(),
  priority: sdk.priority,
  weight: sdk.weight,
  base_url: sdk.base_url,
  tag: sdk.tag,
  test_model: sdk.test_model,
  model_mapping: jsonMap.optional(),
  status_code_mapping: jsonMap.optional(),
  setting: jsonMap.optional(),
  other: sdk.other,
  openai_organization: sdk.openai_organization,
  auto_ban: z.boolean().optional(),
} satisfies { [field in keyof typeof sdk]?: z.ZodType });
export type ChannelSpec = z.output<typeof ChannelSpecSchema>;

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A user's budget per period as the file manages it (users are matched by username, never created). */
export const UserBudgetSchema = z.strictObject({
  period: z.enum(['', 'day', 'week', 'month', 'rolling_day']),
  period_quota: z.number().int().min(0).default(0),
  period_requests: z.number().int().min(0).default(0),
});
export type UserBudget = z.output<typeof UserBudgetSchema>;

/** The whole gateway document. */
export const GatewayDocSchema = z.strictObject({
  version: z.literal(1),
  channels: z.array(ChannelSpecSchema).default([]),
  options: z
    .record(z.string(), z.union([scalar, z.record(z.string(), z.unknown()), z.array(z.unknown())]))
    .default({}),
  pricing: z.partialRecord(z.enum(PRICING_KEYS), z.record(z.string(), z.unknown())).default({}),
  /** Budgets operators set on users; users left out are left alone. */
  budgets: z
    .strictObject({ users: z.record(z.string(), UserBudgetSchema).default({}) })
    .default({ users: {} }),
});
export type GatewayDoc = z.output<typeof GatewayDocSchema>;

/**
 * Validates a parsed document; duplicate channel names are an error, never a guess. The SDK's checks speak in
 * `lang` (the CLI's SWB_LANG).
 */
export function parseDoc(value: unknown, source: string, lang: 'zh' | 'en' = 'en'): GatewayDoc {
  const result = GatewayDocSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const message = isMessageKey(issue.message)
      ? translate(issue.message, lang, issueParams(issue))
      : issue.message;
    throw usageError(`${source}: ${issue.path.join('.') || '(document)'}: ${message}`);
  }
  const seen = new Set<string>();
  for (const c of result.data.channels) {
    if (seen.has(c.name))
      throw usageError(`${source}: channel name "${c.name}" appears twice; names must be unique`);
    seen.add(c.name);
  }
  return result.data;
}

/** Sorts object keys recursively so the same data always serialises the same way. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** Canonical text of a JSON-ish value, for equality. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}
