import { channelTypeName, type Channel } from '@switchboard/sdk';
import type { Column } from '../../core/output.js';

/** Channel status names as the console shows them. */
export function channelStatusName(status: number): string {
  return { 1: 'enabled', 2: 'disabled', 3: 'auto-disabled' }[status] ?? `status ${status}`;
}

export const CHANNEL_COLUMNS: readonly Column<Channel>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'type', show: (c) => channelTypeName(c.type) },
  { key: 'status', show: (c) => channelStatusName(c.status) },
  { key: 'group' },
  { key: 'priority' },
  { key: 'weight' },
  { key: 'tag' },
  { key: 'response_time', header: 'LATENCY', show: (c) => (c.response_time ? `${c.response_time} ms` : '-') },
];

export const CHANNEL_FIELDS: readonly Column<Channel>[] = [
  ...CHANNEL_COLUMNS,
  { key: 'models' },
  { key: 'base_url' },
  { key: 'test_model' },
  { key: 'model_mapping' },
  { key: 'auto_ban' },
  { key: 'balance' },
  { key: 'used_quota', kind: 'quota' },
  { key: 'created_time', kind: 'time' },
];
