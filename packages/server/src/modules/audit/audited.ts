import { AUDIT_REDACTED, type AuditTargetType } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { insertReturningId } from '../../db/insert-id.js';
import type { AuthUser } from '../../http/auth.js';

/** Who made a change, as the auth hook identified them (`caller(req)`). */
export type AuditActor = Pick<AuthUser, 'id' | 'username' | 'ip' | 'viaAccessToken' | 'credential'>;

type Fields = Record<string, unknown>;

/** One management write to record. */
export interface AuditRecord {
  /** `<target_type>.<verb>`: `channel.update`, `user.promote`, `option.revert`... */
  action: string;
  targetType: AuditTargetType;
  /** The row's id, or an option's key; none for a change without one target (a log clear). */
  targetId?: string | number;
  /** The changed fields as they were (null: created); secrets already redacted (see {@link changedFields}). */
  before?: Fields | null;
  /** As they became (null: deleted). */
  after?: Fields | null;
  /** The entry a revert undid. */
  revertedFrom?: number;
}

/**
 * The one way management writes are recorded: call it with the transaction that makes the change, so the
 * entry exists exactly when the change does (a failed change rolls its entry back, and a change cannot commit
 * without its entry). Answers the entry's id.
 */
export async function audited(
  ctx: AppContext,
  trx: Db,
  actor: AuditActor,
  record: AuditRecord,
): Promise<number> {
  const json = (fields: Fields | null | undefined) => (fields ? JSON.stringify(fields) : null);
  return insertReturningId(trx, 'audit_logs', {
    created_at: ctx.now(),
    actor_id: actor.id,
    actor_name: actor.username,
    ip: actor.ip.slice(0, 64),
    via: actor.viaAccessToken ? 'access_token' : 'session',
    credential: actor.credential,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId === undefined ? '' : String(record.targetId),
    before: json(record.before),
    after: json(record.after),
    reverted_from: record.revertedFrom ?? null,
  });
}

/**
 * The fields that differ between two snapshots, as `before`/`after` halves. A secret field (`secrets`) is
 * compared by the caller, who knows the plain values: it appears as `"[redacted]"` on both sides with
 * `<field>_changed: true` after, so the trail says a key changed without holding it.
 */
export function changedFields(
  before: Fields,
  after: Fields,
  changedSecrets: readonly string[] = [],
): { before: Fields; after: Fields } {
  const was: Fields = {};
  const now: Fields = {};
  for (const [field, value] of Object.entries(after)) {
    if (!(field in before) || sameValue(before[field], value)) continue;
    was[field] = before[field];
    now[field] = value;
  }
  for (const field of changedSecrets) {
    was[field] = AUDIT_REDACTED;
    now[field] = AUDIT_REDACTED;
    now[`${field}_changed`] = true;
  }
  return { before: was, after: now };
}

/** Equality of column values as different drivers return them (bigint columns as strings on PostgreSQL). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}
