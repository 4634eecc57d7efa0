/** Spec §5 top-up rules; each returns an i18n key (with its values) or null. */
export function validateRedeemCode(code: string): string | null {
  return code.trim() ? null : 'topup.errors.codeRequired';
}

/** The online amount is at least 1 and at least the site's minimum. */
export function validateAmount(amount: number, minTopUp: number): { key: string; min: number } | null {
  const min = Math.max(1, minTopUp);
  return Number.isFinite(amount) && amount >= min ? null : { key: 'topup.errors.amountTooSmall', min };
}

/** Affiliate transfers move at least one quota unit (QuotaPerUnit). */
export function validateAffTransfer(quota: number, quotaPerUnit: number): string | null {
  return Number.isInteger(quota) && quota >= quotaPerUnit ? null : 'topup.errors.transferTooSmall';
}
