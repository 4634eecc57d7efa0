import { z } from 'zod';
import { Role } from '../constants/roles.js';
import { UserStatus } from '../constants/states.js';
import { DeletedAtSchema, orDefault, parseJsonText } from './common.js';
import { budgetFields } from './budget.js';

/**
 * A user as new-api sends it (`GET /api/user/self`, `/api/user/:id`, list items). Every field but `id`
 * may be missing or zero: the login answer fills only id, username, display_name, role, status and group.
 */
export const UserSchema = z.object({
  /** Numeric user id. */
  id: z.number().int(),
  /** Login name, at most 12 characters. */
  username: orDefault(z.string(), ''),
  /** Never returned with a value; blank on edit. */
  password: z.string().optional(),
  /** Shown name, at most 20 characters. */
  display_name: orDefault(z.string(), ''),
  /** 1 common, 10 admin, 100 root. */
  role: orDefault(z.number().int(), Role.Common),
  /** 1 active, 2 banned, 3 other. */
  status: orDefault(z.number().int(), UserStatus.Enabled),
  email: orDefault(z.string(), ''),
  github_id: orDefault(z.string(), ''),
  wechat_id: orDefault(z.string(), ''),
  telegram_id: orDefault(z.string(), ''),
  linux_do_id: orDefault(z.string(), ''),
  /** Only used in registration requests; always empty in responses. */
  verification_code: z.string().optional(),
  /** The dashboard access token (null until generated); only in the user's own record. */
  access_token: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  /** Remaining quota (500000 = 1 USD). */
  quota: orDefault(z.number(), 0),
  /** Quota used so far. */
  used_quota: orDefault(z.number(), 0),
  /** Number of relayed requests. */
  request_count: orDefault(z.number(), 0),
  /** Pricing group. */
  group: orDefault(z.string(), 'default'),
  /** Invitation code. */
  aff_code: orDefault(z.string(), ''),
  /** Number of invited users. */
  aff_count: orDefault(z.number(), 0),
  /** Pending invitation earnings, transferable to quota. */
  aff_quota: orDefault(z.number(), 0),
  /** Invitation earnings of all time. */
  aff_history_quota: orDefault(z.number(), 0),
  /** Id of the inviting user, 0 for none. */
  inviter_id: orDefault(z.number(), 0),
  /** Non-null once the user is (soft-)deleted. */
  DeletedAt: DeletedAtSchema,
  /** The user's notification settings as JSON text; see {@link parseUserSetting}. */
  setting: orDefault(z.string(), ''),
  /** Budget per period (Switchboard's addition; see {@link budgetFields}). */
  ...budgetFields,
});
/** A user. */
export type User = z.output<typeof UserSchema>;

/** The fields the login answer fills in (the rest come back zero). */
export const SessionUserSchema = UserSchema.pick({
  id: true,
  username: true,
  display_name: true,
  role: true,
  status: true,
  group: true,
});
/** The logged-in user as the login call returns it and clients store it. */
export type SessionUser = z.output<typeof SessionUserSchema>;

/** Notification channels of the quota warning. */
export const NotifyTypeSchema = z.enum(['email', 'webhook']);
/** `email` or `webhook`. */
export type NotifyType = z.output<typeof NotifyTypeSchema>;

/** The parsed `users.setting` JSON. Every field is optional. */
export const UserSettingSchema = z.object({
  /** Where the quota warning goes; email by default. */
  notify_type: NotifyTypeSchema.optional().catch(undefined),
  /** Warn when remaining quota drops below this; falls back to the QuotaRemindThreshold option. */
  quota_warning_threshold: z.number().optional().catch(undefined),
  /** HTTPS URL that receives a POST for webhook notifications. */
  webhook_url: z.string().optional().catch(undefined),
  /** Sent as a bearer authorization header / signature secret with webhook notifications. */
  webhook_secret: z.string().optional().catch(undefined),
  /** Address for email notifications; the account email when empty. */
  notification_email: z.string().optional().catch(undefined),
  /** Allow models without a ratio (newer new-api). */
  accept_unset_model_ratio_model: z.boolean().optional().catch(undefined),
});
/** Parsed user notification settings. */
export type UserSetting = z.output<typeof UserSettingSchema>;

/** Parses a user's `setting` JSON text; empty or malformed text gives `{}`. */
export function parseUserSetting(text: string | null | undefined): UserSetting {
  return parseJsonText(UserSettingSchema, text);
}

/** `GET /api/user/self/groups`: usable group name → its ratio and description. */
export const UserGroupsSchema = z.record(
  z.string(),
  z.object({
    /** The group's price multiplier. */
    ratio: z.number(),
    /** Human-readable description. */
    desc: orDefault(z.string(), ''),
  }),
);
/** Usable groups of the current user. */
export type UserGroups = z.output<typeof UserGroupsSchema>;

/** `POST /api/user/manage` answer: only `role` and `status` are meaningful. */
export const UserManageResultSchema = z.object({
  role: z.number().int(),
  status: z.number().int(),
});
/** New role and status after a manage action. */
export type UserManageResult = z.output<typeof UserManageResultSchema>;
