import { PASSWORD_MIN } from '@switchboard/sdk';

/** Spec §5 rules of the personal settings; each returns an i18n key or null. */
export function validatePasswordChange(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN) return 'setting.errors.passwordTooShort';
  if (password !== confirm) return 'setting.errors.passwordMismatch';
  return null;
}

export function validateDeletion(typed: string, username: string): string | null {
  return typed === username ? null : 'setting.errors.usernameMismatch';
}

export function validateEmailBind(email: string, code: string): string | null {
  return email.trim() && code.trim() ? null : 'setting.errors.emailCodeRequired';
}

export function validateNotifications(type: string, threshold: string, webhookUrl: string): string | null {
  if (!(Number(threshold) > 0)) return 'setting.errors.thresholdPositive';
  if (type === 'webhook' && !/^https:\/\/\S+$/.test(webhookUrl.trim())) return 'setting.errors.webhookHttps';
  return null;
}
