import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageOf, type PageWindow } from '../../db/query-helpers.js';
import type { AuditLogsTable } from '../../db/tables.js';

export type AuditLogRow = Selectable<AuditLogsTable>;

export interface AuditFilter {
  actor_id?: number;
  target_type?: string;
  target_id?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** A page of entries, newest first, with the total of the filter. Rows are only inserted (audited.ts). */
export async function listAuditLogs(db: Db, filter: AuditFilter, win: PageWindow) {
  let query = db.selectFrom('audit_logs').selectAll();
  if (filter.actor_id !== undefined) query = query.where('actor_id', '=', filter.actor_id);
  if (filter.target_type !== undefined) query = query.where('target_type', '=', filter.target_type);
  if (filter.target_id !== undefined && filter.target_id !== '')
    query = query.where('target_id', '=', filter.target_id);
  if (filter.start_timestamp !== undefined) query = query.where('created_at', '>=', filter.start_timestamp);
  if (filter.end_timestamp !== undefined) query = query.where('created_at', '<=', filter.end_timestamp);
  return pageOf(query.orderBy('id', 'desc'), win);
}

export async function findAuditLog(db: Db, id: number): Promise<AuditLogRow | undefined> {
  return db.selectFrom('audit_logs').selectAll().where('id', '=', id).executeTakeFirst();
}
