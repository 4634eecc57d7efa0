import { z } from 'zod';
import { msg } from '../i18n/translate.js';
import { IdSchema, ListParamsSchema, timeRangeShape, withTimeRange } from './common.js';

/** What an audit entry is about (issue 27): the kinds of rows management writes change. */
export const AUDIT_TARGET_TYPES = ['option', 'channel', 'user', 'token', 'redemption', 'log'] as const;
/** The kind of row an audit entry is about. */
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What replaces a secret (a channel key, a secret option's value) in `before` and `after`. */
export const AUDIT_REDACTED = '[redacted]';

/** Target types whose entries `POST /api/audit/:id/revert` can undo. */
export const AUDIT_REVERTIBLE_TYPES: readonly AuditTargetType[] = ['option', 'channel'];

/** One recorded management write: who, when, from where, and the fields before and after. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  /** Unix seconds. */
  created_at: z.number(),
  /** The user who made the change. */
  actor_id: z.number(),
  /** Their username at the time. */
  actor_name: z.string(),
  /** The client address the request came from (as the server sees it behind its trusted proxies). */
  ip: z.string(),
  /** How the actor was signed in: a console session or an access token. */
  via: z.enum(['session', 'access_token']),
  /** A short reference to the session or access token (a prefix of its hash, never the secret). */
  credential: z.string(),
  /** What was done, `<target_type>.<verb>`, e.g. `channel.update`, `user.promote`, `option.revert`. */
  action: z.string(),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  /** The row's id (an option's key); empty when the change has no single target (a log clear). */
  target_id: z.string(),
  /** The changed fields as they were; null for a creation. Secrets read `"[redacted]"`. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The changed fields as they became; null for a deletion. A changed secret adds `<field>_changed: true`. */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** For a revert: the id of the entry it undid. */
  reverted_from: z.number().nullable(),
});
/** One audit entry. */
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** `GET /api/audit`: paging plus filters by actor, target and time (unix seconds, inclusive). */
export const AuditListParamsSchema = withTimeRange(
  ListParamsSchema.extend({
    /** Only changes made by this user id. */
    actor_id: IdSchema.optional(),
    /** Only changes to this kind of row. */
    target_type: z.enum(AUDIT_TARGET_TYPES, msg('audit.invalidTargetType')).optional(),
    /** Only changes to this row (an id, or an option key). */
    target_id: z.string().trim().max(128).optional(),
    ...timeRangeShape,
  }),
);
/** Audit list parameters. */
export type AuditListParams = z.input<typeof AuditListParamsSchema>;
