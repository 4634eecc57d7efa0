import type { Redemption } from '@switchboard/sdk';
import { toCsv } from '../../lib/csv';
import { formatTime } from '../../lib/format';

/** A freshly created batch: one row per key, with its name and value, ready to hand out. */
export function createdCodesCsv(
  keys: readonly string[],
  name: string,
  quota: number,
  amount: string,
): string {
  return toCsv(
    ['name', 'key', 'quota', 'amount'],
    keys.map((key) => [name, key, quota, amount]),
  );
}

/** Listed codes as the export writes them: every field an admin reconciles against. */
export function redemptionsCsv(rows: readonly Redemption[]): string {
  return toCsv(
    ['id', 'name', 'key', 'status', 'quota', 'created_time', 'redeemed_time', 'used_user_id'],
    rows.map((r) => [
      r.id,
      r.name,
      r.key,
      r.status,
      r.quota,
      formatTime(r.created_time),
      r.redeemed_time ? formatTime(r.redeemed_time) : '',
      r.used_user_id || '',
    ]),
  );
}
