import { PASSWORD_MIN } from '@switchboard/sdk';

/** Spec §5 rules for the sign-in forms; each returns an i18n key or null. */
export function validateLogin(username: string, password: string): string | null {
  return username.trim() && password ? null : 'auth.errors.credentialsRequired';
}

export interface RegisterInput {
  username: string;
  password: string;
  password2: string;
  email: string;
  code: string;
}

export function validateRegister(input: RegisterInput, emailVerification: boolean): string | null {
  if (!input.username.trim() || !input.password) return 'auth.errors.credentialsRequired';
  if (input.password.length < PASSWORD_MIN) return 'auth.errors.passwordTooShort';
  if (input.password !== input.password2) return 'auth.errors.passwordMismatch';
  if (emailVerification && (!input.email.trim() || !input.code.trim()))
    return 'auth.errors.emailCodeRequired';
  return null;
}
