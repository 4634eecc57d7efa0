import type { User } from '@switchboard/sdk';
import { toCsv } from '../../lib/csv';

const COLUMNS = [
  'id',
  'username',
  'display_name',
  'email',
  'group',
  'role',
  'status',
  'deleted',
  'quota',
  'used_quota',
  'request_count',
  'aff_count',
  'aff_history_quota',
  'inviter_id',
] as const;

/** Users as the export writes them (raw quota units, so the numbers add up in a spreadsheet). */
export function usersCsv(rows: readonly User[]): string {
  return toCsv(
    COLUMNS,
    rows.map((u) => COLUMNS.map((c) => (c === 'deleted' ? (u.DeletedAt ? 'true' : 'false') : u[c]))),
  );
}
