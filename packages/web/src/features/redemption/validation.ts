import { REDEMPTION_BATCH_MAX, REDEMPTION_NAME } from '@switchboard/sdk';

export interface RedemptionForm {
  name: string;
  quota: string;
  count: string;
}

/**
 * Spec §5 redemption rules; returns an i18n key or null. On create an empty name is allowed: the code is
 * then named after its formatted quota, as new-api's console does.
 */
export function validateRedemption(form: RedemptionForm, creating: boolean): string | null {
  const name = form.name.trim();
  if (!creating && !name) return 'redemption.errors.nameRequired';
  if (name && (name.length < REDEMPTION_NAME.min || name.length > REDEMPTION_NAME.max))
    return 'redemption.errors.nameLength';
  if (!/^\d+$/.test(form.quota.trim()) || Number(form.quota) <= 0) return 'redemption.errors.quotaInvalid';
  if (creating) {
    if (!/^\d+$/.test(form.count.trim()) || Number(form.count) < 1) return 'redemption.errors.countInvalid';
    if (Number(form.count) > REDEMPTION_BATCH_MAX) return 'redemption.errors.countTooLarge';
  }
  return null;
}
