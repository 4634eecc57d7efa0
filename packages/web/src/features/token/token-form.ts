import { NEW_TOKEN_DEFAULT_QUOTA, type Token, type TokenCreateParams } from '@switchboard/sdk';
import { formatTime } from '../../lib/format';
import type { TokenForm } from './validation';
import { budgetForm, budgetParams } from '../../components/budget-fields';

/** The editor's form for `token`, or for a new one (default quota, never expires). */
export function initialForm(token: Token | null): TokenForm {
  return {
    name: token?.name ?? '',
    remainQuota: String(token?.remain_quota ?? NEW_TOKEN_DEFAULT_QUOTA),
    unlimited: token?.unlimited_quota ?? false,
    expiry: !token || token.expired_time === -1 ? '-1' : formatTime(token.expired_time),
    modelLimitsEnabled: token?.model_limits_enabled ?? false,
    modelLimits: token?.model_limits ? token.model_limits.split(',').filter(Boolean) : [],
    allowIps: token?.allow_ips ?? '',
    group: token?.group ?? '',
    count: '1',
    budget: budgetForm(token),
    maxConcurrency: String(token?.max_concurrency ?? 0),
    rpmLimit: String(token?.rpm_limit ?? 0),
    tpmLimit: String(token?.tpm_limit ?? 0),
  };
}

/** The create or update body of a valid form (an unlimited token's quota is sent as 0). */
export function tokenParams(form: TokenForm): TokenCreateParams {
  return {
    name: form.name.trim(),
    expired_time: form.expiry.trim(),
    remain_quota: form.unlimited ? 0 : Number(form.remainQuota),
    unlimited_quota: form.unlimited,
    model_limits_enabled: form.modelLimitsEnabled,
    model_limits: form.modelLimits.join(','),
    allow_ips: form.allowIps,
    group: form.group,
    ...budgetParams(form.budget),
    max_concurrency: Number(form.maxConcurrency),
    rpm_limit: Number(form.rpmLimit),
    tpm_limit: Number(form.tpmLimit),
  };
}
