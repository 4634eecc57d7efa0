import { AUDIT_TARGET_TYPES, type AuditEntry, type AuditListParams } from '@switchboard/sdk';
import { parseId } from '../../core/args.js';
import { usageError } from '../../core/errors.js';
import { parseTime } from '../../core/format.js';
import type { OptionDef } from '../../core/command.js';
import type { Column } from '../../core/output.js';

export interface AuditFilterFlags {
  actor?: string;
  targetType?: string;
  target?: string;
  since?: string;
  until?: string;
}

/** The filters of `audit list`. */
export const AUDIT_FILTER_OPTIONS: readonly OptionDef[] = [
  { flags: '--actor <id>', description: 'only changes made by this user id' },
  { flags: '--target-type <type>', description: `only this kind: ${AUDIT_TARGET_TYPES.join(', ')}` },
  { flags: '--target <id>', description: 'only this row: a channel/user/code id or an option key' },
  { flags: '--since <time>', description: 'from: 24h, 7d, an ISO date or unix seconds' },
  { flags: '--until <time>', description: 'to: same forms as --since' },
];

function time(text: string, flag: string): number {
  const t = parseTime(text);
  if (t === undefined)
    throw usageError(`${flag}: cannot read "${text}" as a time (try 24h, 7d or 2026-01-31)`);
  return t;
}

/** Turns the filter flags into SDK list params. */
export function auditParams(f: AuditFilterFlags): AuditListParams {
  const type = f.targetType?.toLowerCase();
  if (type !== undefined && !(AUDIT_TARGET_TYPES as readonly string[]).includes(type))
    throw usageError(`--target-type must be one of ${AUDIT_TARGET_TYPES.join(', ')}`);
  return {
    ...(f.actor !== undefined ? { actor_id: parseId(f.actor, '--actor') } : {}),
    ...(type !== undefined ? { target_type: type as AuditListParams['target_type'] } : {}),
    ...(f.target !== undefined ? { target_id: f.target } : {}),
    ...(f.since !== undefined ? { start_timestamp: time(f.since, '--since') } : {}),
    ...(f.until !== undefined ? { end_timestamp: time(f.until, '--until') } : {}),
  };
}

const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** `name: old → new, …` for the fields an entry changed. */
export function changeSummary(e: AuditEntry): string {
  if (!e.before && !e.after) return '';
  if (!e.before) return 'created';
  if (!e.after) return 'deleted';
  const fields = [...new Set([...Object.keys(e.before), ...Object.keys(e.after)])];
  return fields.filter((f) => !f.endsWith('_changed')).join(', ');
}

export const AUDIT_COLUMNS: readonly Column<AuditEntry>[] = [
  { key: 'id' },
  { key: 'created_at', header: 'TIME', kind: 'time' },
  { key: 'actor_name', header: 'ACTOR', show: (e) => `${e.actor_name} (${e.actor_id})` },
  { key: 'via', show: (e) => (e.via === 'access_token' ? 'token' : 'session') },
  { key: 'ip' },
  { key: 'action' },
  {
    key: 'target_id',
    header: 'TARGET',
    show: (e) => (e.target_id ? `${e.target_type} ${e.target_id}` : e.target_type),
  },
  { key: 'changes', show: (e) => short(changeSummary(e)) },
];

const valueText = (value: unknown): string =>
  value === undefined
    ? '—'
    : short(typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value), 200);

/** One line per changed field: `field: before → after`. */
export function diffLines(e: AuditEntry): string[] {
  const before = e.before ?? {};
  const after = e.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((f) => `${f}: ${valueText(before[f])} → ${valueText(after[f])}`);
}
