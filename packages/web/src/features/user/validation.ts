import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@switchboard/sdk';

/** Longest display name new-api accepts. */
const DISPLAY_NAME_MAX = 20;

export interface UserCreateForm {
  username: string;
  display_name: string;
  password: string;
  role: number;
}

export interface UserEditForm {
  username: string;
  display_name: string;
  password: string;
  original_password: string;
  group: string;
  quota: string;
}

function password(value: string): string | null {
  if (value.length < PASSWORD_MIN) return 'user.errors.passwordTooShort';
  if (value.length > PASSWORD_MAX) return 'user.errors.passwordTooLong';
  return null;
}

/** Spec §5 admin add user; returns an i18n key or null. The role must stay below the creator's own. */
export function validateUserCreate(form: UserCreateForm, ownRole: number): string | null {
  if (!form.username.trim() || !form.password) return 'user.errors.credentialsRequired';
  if (form.username.trim().length > USERNAME_MAX) return 'user.errors.usernameTooLong';
  if (form.display_name.trim().length > DISPLAY_NAME_MAX) return 'user.errors.displayNameTooLong';
  if (form.role >= ownRole) return 'user.errors.roleTooHigh';
  return password(form.password);
}

/**
 * The editor: username required (at most 12), password optional (8 to 20 when given), quota a
 * non-negative integer when shown (admin edit with an id), the current password when changing one's own.
 */
export function validateUserEdit(form: UserEditForm, opts: { withId: boolean }): string | null {
  if (!form.username.trim()) return 'user.errors.usernameRequired';
  if (form.username.trim().length > USERNAME_MAX) return 'user.errors.usernameTooLong';
  if (form.display_name.trim().length > DISPLAY_NAME_MAX) return 'user.errors.displayNameTooLong';
  if (form.password) {
    const invalid = password(form.password);
    if (invalid) return invalid;
    if (!opts.withId && !form.original_password) return 'user.errors.originalPasswordRequired';
  }
  if (opts.withId) {
    if (!form.group.trim()) return 'user.errors.groupRequired';
    if (!/^\d+$/.test(form.quota.trim())) return 'user.errors.quotaInvalid';
  }
  return null;
}

/** The quota-add dialog: a whole number, negative allowed, that keeps the balance at 0 or more. */
export function validateQuotaDelta(delta: string, oldQuota: number): string | null {
  if (!/^-?\d+$/.test(delta.trim())) return 'user.errors.deltaInvalid';
  if (oldQuota + Number(delta) < 0) return 'user.errors.quotaNegative';
  return null;
}
