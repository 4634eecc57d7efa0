import { parseExpiry } from '@switchboard/sdk';
import { budgetError, type BudgetForm } from '../../components/budget-fields';

export interface TokenForm {
  budget: BudgetForm;
  maxConcurrency: string;
  rpmLimit: string;
  tpmLimit: string;
  name: string;
  remainQuota: string;
  unlimited: boolean;
  expiry: string;
  modelLimitsEnabled: boolean;
  modelLimits: string[];
  allowIps: string;
  group: string;
  count: string;
}

/** Spec §5 token rules; returns an i18n key or null. */
export function validateToken(form: TokenForm, creating: boolean): string | null {
  if (!form.name.trim()) return 'token.errors.nameRequired';
  if (parseExpiry(form.expiry) === null) return 'token.errors.expiryFormat';
  if (!form.unlimited && !/^\d+$/.test(form.remainQuota.trim())) return 'token.errors.quotaInvalid';
  if (creating && !/^[1-9]\d*$/.test(form.count.trim())) return 'token.errors.countInvalid';
  const budget = budgetError(form.budget);
  if (budget) return budget;
  if (![form.maxConcurrency, form.rpmLimit, form.tpmLimit].every((v) => /^\d+$/.test(v.trim())))
    return 'common.budget.invalid';
  return null;
}
