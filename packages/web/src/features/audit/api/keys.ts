import type { AuditListParams } from '@switchboard/sdk';

/** The list's filters as the URL holds them (times as unix seconds; '' for none). */
export interface AuditFilters {
  actor_id: string;
  target_type: string;
  target_id: string;
  start: string;
  end: string;
}

export const AUDIT_FILTER_NAMES = ['actor_id', 'target_type', 'target_id', 'start', 'end'] as const;

export const auditKeys = {
  all: ['audit'] as const,
  list: (f: AuditFilters, page: number, pageSize: number) => ['audit', 'list', f, page, pageSize] as const,
};

const num = (text: string) =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;

/** The SDK's list params for the filters. */
export function auditParams(f: AuditFilters): AuditListParams {
  return {
    ...(num(f.actor_id) !== undefined ? { actor_id: num(f.actor_id) } : {}),
    ...(f.target_type ? { target_type: f.target_type as AuditListParams['target_type'] } : {}),
    ...(f.target_id.trim() ? { target_id: f.target_id.trim() } : {}),
    ...(num(f.start) !== undefined ? { start_timestamp: num(f.start) } : {}),
    ...(num(f.end) !== undefined ? { end_timestamp: num(f.end) } : {}),
  };
}
