import type { Redemption } from '@switchboard/sdk';
import { mask } from '../../core/format.js';
import type { Column } from '../../core/output.js';

export function codeStatusName(status: number): string {
  return { 1: 'unused', 2: 'disabled', 3: 'used' }[status] ?? `status ${status}`;
}

/** Codes are bearer secrets: masked unless asked for with --reveal. */
export function maskCode(code: Redemption, reveal = false): Redemption {
  return reveal ? code : { ...code, key: mask(code.key) };
}

export const CODE_COLUMNS: readonly Column<Redemption>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'status', show: (c) => codeStatusName(c.status) },
  { key: 'quota', kind: 'quota' },
  { key: 'key' },
  { key: 'created_time', header: 'CREATED', kind: 'time' },
  { key: 'redeemed_time', header: 'REDEEMED', kind: 'time' },
];
