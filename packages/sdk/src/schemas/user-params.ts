import { z } from 'zod';
import { MAX_QUOTA, QUOTA_PER_UNIT } from '../constants/limits.js';
import { ROLES, UserManageAction } from '../constants/roles.js';
import { msg } from '../i18n/translate.js';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EmailSchema,
  OptionalPasswordSchema,
  passwordField,
  usernameField,
} from './auth.js';
import { IdSchema, ListParamsSchema, numberField, QuotaSchema } from './common.js';
import { plainText } from './plain-text.js';
import { NotifyTypeSchema } from './user.js';
import { budgetParams } from './budget.js';

const displayName = plainText(z.string().trim().max(DISPLAY_NAME_MAX_LENGTH, msg('user.displayNameTooLong')));

/** `POST /api/user/` (admin add user): username and password required. */
export const UserCreateParamsSchema = z.object({
  username: usernameField(msg('user.credentialsRequired')),
  password: passwordField(msg('user.credentialsRequired')),
  display_name: displayName.optional(),
  /** Checked against the caller's role only; new-api always creates a common user. */
  role: z.literal(ROLES, msg('user.invalidRole')).optional(),
});
/** Admin user creation parameters. */
export type UserCreateParams = z.input<typeof UserCreateParamsSchema>;

/**
 * `PUT /api/user/` (admin edit). new-api 0.4.8 writes username, display_name, group and quota as sent,
 * so send all four (merge with the current row); an empty or missing password keeps the old one.
 */
export const UserUpdateParamsSchema = z.object({
  id: IdSchema,
  username: usernameField().optional(),
  display_name: displayName.optional(),
  group: plainText(z.string().trim().min(1, msg('common.required'))).optional(),
  /** The new absolute quota (not a delta). */
  quota: QuotaSchema.optional(),
  password: OptionalPasswordSchema,
  /** Budget per period (Switchboard's addition). */
  ...budgetParams,
});
/** Admin user update parameters. */
export type UserUpdateParams = z.input<typeof UserUpdateParamsSchema>;

/**
 * `PUT /api/user/self`: change own username, display name or password (empty password = unchanged).
 * Switchboard requires `original_password` with a new password; new-api ignores the field.
 */
export const SelfUpdateParamsSchema = z.object({
  username: usernameField().optional(),
  display_name: displayName.optional(),
  password: OptionalPasswordSchema,
  /** The current password, required by Switchboard when `password` changes. */
  original_password: z.string().optional(),
});
/** Own profile update parameters. */
export type SelfUpdateParams = z.input<typeof SelfUpdateParamsSchema>;

/** Password change (sent as `PUT /api/user/self {password}`): the confirmation must match. */
export const PasswordChangeParamsSchema = z
  .object({
    password: passwordField(),
    password2: z.string(msg('user.passwordsDiffer')),
  })
  .refine((params) => params.password === params.password2, {
    message: msg('user.passwordsDiffer'),
    path: ['password2'],
  });
/** Password change parameters. */
export type PasswordChangeParams = z.input<typeof PasswordChangeParamsSchema>;

/** True when the text typed to confirm account deletion equals the user's own username. */
export function accountDeletionConfirmed(typed: string, username: string): boolean {
  return username !== '' && typed.trim() === username;
}

/** Account deletion confirmation for `username`: `{confirmation}` must equal it. */
export function accountDeletionSchema(username: string) {
  return z.object({
    confirmation: z
      .string(msg('user.deleteConfirmMismatch'))
      .refine((typed) => accountDeletionConfirmed(typed, username), msg('user.deleteConfirmMismatch')),
  });
}

/** `POST /api/user/aff_transfer` with a given QuotaPerUnit: at least one quota unit. */
export function affTransferParamsSchema(quotaPerUnit: number) {
  return z.object({
    /** Quota to move from invitation earnings into the balance. */
    quota: QuotaSchema.pipe(z.number().min(quotaPerUnit, msg('user.affTransferTooSmall'))),
  });
}
/** Affiliate transfer parameters with the default QuotaPerUnit (500000). */
export const AffTransferParamsSchema = affTransferParamsSchema(QUOTA_PER_UNIT);
/** Affiliate transfer parameters. */
export type AffTransferParams = z.input<typeof AffTransferParamsSchema>;

/** `PUT /api/user/setting`: quota-warning notification settings. */
export const UserSettingParamsSchema = z
  .object({
    notify_type: z.enum(NotifyTypeSchema.options, msg('user.invalidNotifyType')),
    /** Quota below which a warning is sent; greater than 0. */
    quota_warning_threshold: numberField(msg('common.invalidNumber')).pipe(
      z.number().gt(0, msg('user.thresholdPositive')).max(MAX_QUOTA, msg('common.quotaInvalid')),
    ),
    /** Required for webhook notifications, https only. */
    webhook_url: z.string().trim().optional(),
    webhook_secret: z.string().optional(),
    /** Empty means the account email. */
    notification_email: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(EmailSchema.optional()),
    accept_unset_model_ratio_model: z.boolean().optional(),
  })
  .superRefine((params, ctx) => {
    if (params.notify_type !== 'webhook') return;
    if (!params.webhook_url) {
      ctx.addIssue({ code: 'custom', message: msg('user.webhookUrlRequired'), path: ['webhook_url'] });
    } else if (!/^https:\/\/[^\s/]+/i.test(params.webhook_url)) {
      ctx.addIssue({ code: 'custom', message: msg('user.webhookUrlHttps'), path: ['webhook_url'] });
    }
  });
/** Notification settings parameters. */
export type UserSettingParams = z.input<typeof UserSettingParamsSchema>;

/** `POST /api/user/manage`. */
export const UserManageParamsSchema = z.object({
  id: IdSchema,
  action: z.enum(UserManageAction, msg('user.invalidAction')),
});
/** User manage parameters. */
export type UserManageParams = z.input<typeof UserManageParamsSchema>;

/** `GET /api/user/search`: keyword (id, username, email or display name) and group. */
export const UserSearchParamsSchema = ListParamsSchema.extend({
  keyword: z.string().trim().default(''),
  group: z.string().trim().default(''),
});
/** User search parameters. */
export type UserSearchParams = z.input<typeof UserSearchParamsSchema>;
