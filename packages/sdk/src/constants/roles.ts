/** User roles as new-api stores them in `users.role` (spec §6, contract §2.3). */
export const Role = {
  /** Not logged in. */
  Guest: 0,
  /** A normal user. */
  Common: 1,
  /** An administrator: manages channels, users and redemption codes. */
  Admin: 10,
  /** The super administrator: also manages system options and promotes admins. */
  Root: 100,
} as const;

/** One of the role numbers of {@link Role}. */
export type Role = (typeof Role)[keyof typeof Role];

/** Every role number, lowest first. */
export const ROLES: readonly Role[] = [Role.Guest, Role.Common, Role.Admin, Role.Root];

/** True for admins and the super admin (role 10 or more). */
export function isAdmin(role: number): boolean {
  return role >= Role.Admin;
}

/** True for the super admin (role 100 or more). */
export function isRoot(role: number): boolean {
  return role >= Role.Root;
}

/** The name of a role's level: roles between the named numbers count as the level below them. */
export function roleName(role: number): 'guest' | 'common' | 'admin' | 'root' {
  if (role >= Role.Root) return 'root';
  if (role >= Role.Admin) return 'admin';
  if (role >= Role.Common) return 'common';
  return 'guest';
}

/** The actions of `POST /api/user/manage`. */
export const UserManageAction = {
  Promote: 'promote',
  Demote: 'demote',
  Disable: 'disable',
  Enable: 'enable',
  Delete: 'delete',
} as const;

/** One of the action names of {@link UserManageAction}. */
export type UserManageAction = (typeof UserManageAction)[keyof typeof UserManageAction];

/** Every user manage action. */
export const USER_MANAGE_ACTIONS = Object.values(UserManageAction);
