import { z } from 'zod';
import { NEW_TOKEN_DEFAULT_QUOTA, TOKEN_NAME_MAX, TOKEN_NEVER_EXPIRES } from '../constants/limits.js';
import { TokenStatus } from '../constants/states.js';
import { msg } from '../i18n/translate.js';
import { parseExpiry } from '../pricing/expiry.js';
import {
  csvField,
  DeletedAtSchema,
  IdSchema,
  intField,
  orDefault,
  QuotaSchema,
  splitList,
} from './common.js';
import { plainText } from './plain-text.js';
import { budgetFields, budgetParams, tokenCapFields, tokenCapParams } from './budget.js';

/** A token (API key) as `GET /api/token/` returns it; the key is stored and sent without `sk-`. */
export const TokenSchema = z.object({
  id: z.number().int(),
  user_id: orDefault(z.number().int(), 0),
  /** 48 characters of [0-9A-Za-z], without the `sk-` prefix. */
  key: orDefault(z.string(), ''),
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
  status: orDefault(z.number().int(), TokenStatus.Enabled),
  name: orDefault(z.string(), ''),
  created_time: orDefault(z.number(), 0),
  accessed_time: orDefault(z.number(), 0),
  /** Unix seconds, or -1 for never. */
  expired_time: orDefault(z.number(), -1),
  remain_quota: orDefault(z.number(), 0),
  unlimited_quota: orDefault(z.boolean(), false),
  model_limits_enabled: orDefault(z.boolean(), false),
  /** Comma-joined model names the token may use when `model_limits_enabled`. */
  model_limits: orDefault(z.string(), ''),
  /** Allowed client IPs, one per line; empty means no restriction. */
  allow_ips: orDefault(z.string(), ''),
  used_quota: orDefault(z.number(), 0),
  /** Group the token relays in; empty means the user's group. */
  group: orDefault(z.string(), ''),
  DeletedAt: DeletedAtSchema.optional(),
  ...budgetFields,
  ...tokenCapFields,
});
/** A token. */
export type Token = z.output<typeof TokenSchema>;

/** Reads an expiry: -1, whole unix seconds (number or digits), or `yyyy-MM-dd HH:mm:ss` local time. */
function readExpiry(value: string | number): number | null {
  if (typeof value === 'number')
    return value === -1 || (Number.isInteger(value) && value >= 0) ? value : null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : parseExpiry(value);
}

/** An expiry: `yyyy-MM-dd HH:mm:ss` (local time), unix seconds or -1 (never); outputs unix seconds or -1. */
export const ExpirySchema = z
  .union([z.number(), z.string()], { error: msg('token.expiryFormat') })
  .transform((value, ctx): number => {
    const parsed = readExpiry(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: msg('token.expiryFormat'), input: value });
      return z.NEVER;
    }
    return parsed;
  });

const tokenName = plainText(
  z
    .string(msg('token.nameRequired'))
    .trim()
    .min(1, msg('token.nameRequired'))
    .max(TOKEN_NAME_MAX, msg('token.nameTooLong')),
);
const tokenGroup = plainText(z.string().trim());
const tokenQuota = QuotaSchema;
/** IPs one per line; also accepts a list or commas. */
const allowIps = z
  .union([z.string(), z.array(z.string())], { error: msg('common.invalidList') })
  .transform((value) => splitList(value, /[\n,]/).join('\n'));

/** `POST /api/token/`. Defaults follow the console's new-token form. */
export const TokenCreateParamsSchema = z.object({
  /** Required, at most 30 characters. */
  name: tokenName,
  /** `yyyy-MM-dd HH:mm:ss`, unix seconds or -1 (never, the default). */
  expired_time: ExpirySchema.default(TOKEN_NEVER_EXPIRES),
  /** Integer quota, 0 or more (ignored when unlimited). */
  remain_quota: tokenQuota.default(NEW_TOKEN_DEFAULT_QUOTA),
  unlimited_quota: z.boolean().default(false),
  model_limits_enabled: z.boolean().default(false),
  /** Models the token may use, comma-joined or a list. */
  model_limits: csvField().default(''),
  /** Allowed IPs, one per line or a list; empty means any. */
  allow_ips: allowIps.default(''),
  /** Relay group; empty means the user's own group. */
  group: tokenGroup.default(''),
  /** Budget per period and caps (Switchboard's additions; omitted: none). */
  ...budgetParams,
  ...tokenCapParams,
});
/** Token creation parameters. */
export type TokenCreateParams = z.input<typeof TokenCreateParamsSchema>;

/** `PUT /api/token/`: the id plus the fields to change (new-api rewrites all editable fields, so send the full token). */
export const TokenUpdateParamsSchema = z.object({
  id: IdSchema,
  name: tokenName.optional(),
  expired_time: ExpirySchema.optional(),
  remain_quota: tokenQuota.optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: csvField().optional(),
  allow_ips: allowIps.optional(),
  group: tokenGroup.optional(),
  status: z.literal(Object.values(TokenStatus), msg('token.invalidStatus')).optional(),
  ...budgetParams,
  ...tokenCapParams,
});
/** Token update parameters. */
export type TokenUpdateParams = z.input<typeof TokenUpdateParamsSchema>;

/** `PUT /api/token/?status_only=true`: enable (1) or disable (2). */
export const TokenStatusUpdateParamsSchema = z.object({
  id: IdSchema,
  status: z.literal([TokenStatus.Enabled, TokenStatus.Disabled], msg('token.invalidStatus')),
});
/** Token status update parameters. */
export type TokenStatusUpdateParams = z.input<typeof TokenStatusUpdateParamsSchema>;

/** Batch creation: the create fields plus how many tokens (a positive integer). */
export const TokenBatchParamsSchema = TokenCreateParamsSchema.extend({
  count: intField(msg('token.batchCountInvalid')).pipe(z.number().min(1, msg('token.batchCountInvalid'))),
});
/** Batch token creation parameters. */
export type TokenBatchParams = z.input<typeof TokenBatchParamsSchema>;

/** `GET /api/token/search`: name keyword and key fragment (`sk-` optional). */
export const TokenSearchParamsSchema = z.object({
  keyword: z.string().trim().default(''),
  token: z
    .string()
    .trim()
    .default('')
    .transform((key) => key.replace(/^sk-/, '')),
});
/** Token search parameters. */
export type TokenSearchParams = z.input<typeof TokenSearchParamsSchema>;
