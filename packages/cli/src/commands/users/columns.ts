import { roleName, type User } from '@switchboard/sdk';
import type { Column } from '../../core/output.js';

export function userStatusName(status: number): string {
  return { 1: 'enabled', 2: 'disabled' }[status] ?? `status ${status}`;
}

/** Users without their access token (it is never shown for another user). */
export function publicUser(user: User): User {
  return { ...user, access_token: null };
}

export const USER_COLUMNS: readonly Column<User>[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'display_name', header: 'NAME' },
  { key: 'role', show: (u) => roleName(u.role) },
  { key: 'status', show: (u) => userStatusName(u.status) },
  { key: 'group' },
  { key: 'quota', kind: 'quota' },
  { key: 'used_quota', header: 'USED', kind: 'quota' },
  { key: 'request_count', header: 'REQUESTS' },
];
