import {
  ApiError,
  BusinessError,
  ConnectionError,
  TimeoutError,
  UserAbortError,
  ValidationError,
} from '@switchboard/sdk';
import i18n from './i18n';

/** Fired on any 401 so the app layer can send the user to `/login?expired=true`. */
export const UNAUTHORIZED_EVENT = 'swb:unauthorized';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The message of spec §8 for a failed call: the fixed texts for 429/500/405, else the server's own. */
export function errorMessage(error: unknown): string {
  const t = i18n.t.bind(i18n);
  if (error instanceof BusinessError) return error.message || t('common.errors.requestFailed');
  if (error instanceof ApiError) {
    if (error.status === 401) return t('common.errors.expired');
    if (error.status === 429) return t('common.errors.tooManyRequests');
    if (error.status === 500) return t('common.errors.serverError');
    if (error.status === 405) return t('common.errors.demoSite');
    return error.message || t('common.errors.requestFailed');
  }
  if (error instanceof TimeoutError || error instanceof ConnectionError) return t('common.errors.network');
  if (error instanceof ValidationError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return t('common.errors.requestFailed');
}

export function isAbort(error: unknown): boolean {
  return error instanceof UserAbortError || (error instanceof Error && error.name === 'AbortError');
}
