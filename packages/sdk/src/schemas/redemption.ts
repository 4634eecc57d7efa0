import { z } from 'zod';
import {
  NEW_REDEMPTION_DEFAULT_COUNT,
  NEW_REDEMPTION_DEFAULT_QUOTA,
  REDEMPTION_BATCH_MAX,
  REDEMPTION_NAME,
} from '../constants/limits.js';
import { RedemptionStatus } from '../constants/states.js';
import { msg } from '../i18n/translate.js';
import { DeletedAtSchema, IdSchema, intField, ListParamsSchema, orDefault, QuotaSchema } from './common.js';
import { plainText } from './plain-text.js';

/** A redemption code as `GET /api/redemption/` returns it (key in plain text). */
export const RedemptionSchema = z.object({
  id: z.number().int(),
  /** The admin who created it. */
  user_id: orDefault(z.number().int(), 0),
  /** 32 hex characters. */
  key: orDefault(z.string(), ''),
  /** 1 unused, 2 disabled, 3 used. */
  status: orDefault(z.number().int(), RedemptionStatus.Unused),
  name: orDefault(z.string(), ''),
  /** Quota credited on redemption. */
  quota: orDefault(z.number(), 0),
  created_time: orDefault(z.number(), 0),
  /** When it was redeemed, 0 before. */
  redeemed_time: orDefault(z.number(), 0),
  /** Who redeemed it, 0 for nobody. */
  used_user_id: orDefault(z.number().int(), 0),
  /** Only in create requests. */
  count: z.number().int().optional(),
  DeletedAt: DeletedAtSchema.optional(),
});
/** A redemption code. */
export type Redemption = z.output<typeof RedemptionSchema>;

const name = plainText(
  z
    .string(msg('redemption.nameRequired'))
    .trim()
    .min(REDEMPTION_NAME.min, msg('redemption.nameRequired'))
    .max(REDEMPTION_NAME.max, msg('redemption.nameLength')),
);
const quota = QuotaSchema;

/** `POST /api/redemption/`: name 1-20 characters, integer quota, 1 to 100 codes. Answers the new keys. */
export const RedemptionCreateParamsSchema = z.object({
  name,
  quota: quota.default(NEW_REDEMPTION_DEFAULT_QUOTA),
  count: intField(msg('redemption.countInteger'))
    .pipe(
      z
        .number()
        .min(1, msg('redemption.countPositive'))
        .max(REDEMPTION_BATCH_MAX, msg('redemption.countTooLarge')),
    )
    .default(NEW_REDEMPTION_DEFAULT_COUNT),
});
/** Redemption creation parameters. */
export type RedemptionCreateParams = z.input<typeof RedemptionCreateParamsSchema>;

/** `PUT /api/redemption/`: rename or change the quota of an unused code. */
export const RedemptionUpdateParamsSchema = z.object({
  id: IdSchema,
  name: name.optional(),
  quota: quota.optional(),
});
/** Redemption update parameters. */
export type RedemptionUpdateParams = z.input<typeof RedemptionUpdateParamsSchema>;

/** `PUT /api/redemption/?status_only=true`: enable (1) or disable (2). */
export const RedemptionStatusUpdateParamsSchema = z.object({
  id: IdSchema,
  status: z.literal([RedemptionStatus.Unused, RedemptionStatus.Disabled], msg('redemption.invalidStatus')),
});
/** Redemption status update parameters. */
export type RedemptionStatusUpdateParams = z.input<typeof RedemptionStatusUpdateParamsSchema>;

/** `GET /api/redemption/search`: id or name prefix. */
export const RedemptionSearchParamsSchema = ListParamsSchema.extend({
  keyword: z.string().trim().default(''),
});
/** Redemption search parameters. */
export type RedemptionSearchParams = z.input<typeof RedemptionSearchParamsSchema>;
