import { Role } from '@switchboard/sdk';
import type { StoredUser } from '../../../../lib/stored-user';

/** The admin tabs' `?tab=` values, in order (kept apart from the tabs so the page can list them unloaded). */
export const ADMIN_TAB_NAMES = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;

/**
 * The options API is root-only in new-api, and so are these tabs: an admin below root would see panels whose
 * every call fails.
 */
export function canSeeAdminTabs(user: StoredUser | null): boolean {
  return (user?.role ?? 0) >= Role.Root;
}
