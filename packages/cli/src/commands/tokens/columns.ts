import type { Token } from '@switchboard/sdk';
import { mask } from '../../core/format.js';
import type { Column } from '../../core/output.js';

/** Token status names. */
export function tokenStatusName(status: number): string {
  return { 1: 'enabled', 2: 'disabled', 3: 'expired', 4: 'exhausted' }[status] ?? `status ${status}`;
}

/** The token with its key masked: keys leave the CLI only through `tokens reveal`. */
export function maskToken(token: Token): Token {
  return {
    ...token,
    key: token.key ? mask(token.key.startsWith('sk-') ? token.key : `sk-${token.key}`) : '',
  };
}

export const TOKEN_COLUMNS: readonly Column<Token>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'status', show: (t) => tokenStatusName(t.status) },
  { key: 'key' },
  {
    key: 'remain_quota',
    header: 'REMAINING',
    kind: 'quota',
    show: (t, f) => (t.unlimited_quota ? 'unlimited' : f.quota(t.remain_quota)),
  },
  { key: 'used_quota', header: 'USED', kind: 'quota' },
  { key: 'expired_time', header: 'EXPIRES', kind: 'time' },
  { key: 'group' },
];
