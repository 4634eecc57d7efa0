import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../lib/format';

/** A budget as an editor holds it: text fields, checked by {@link budgetError}. */
export interface BudgetForm {
  period: string;
  periodQuota: string;
  periodRequests: string;
}

export const BUDGET_PERIOD_OPTIONS = ['', 'day', 'week', 'month', 'rolling_day'] as const;

export function budgetForm(
  row?: { period?: string; period_quota?: number; period_requests?: number } | null,
) {
  return {
    period: row?.period ?? '',
    periodQuota: String(row?.period_quota ?? 0),
    periodRequests: String(row?.period_requests ?? 0),
  };
}

export const budgetParams = (f: BudgetForm) => ({
  period: f.period as (typeof BUDGET_PERIOD_OPTIONS)[number],
  period_quota: f.period ? Number(f.periodQuota) : 0,
  period_requests: f.period ? Number(f.periodRequests) : 0,
});

/** An i18n key, or null when the budget is valid. */
export function budgetError(f: BudgetForm): string | null {
  if (!f.period) return null;
  if (!/^\d+$/.test(f.periodQuota.trim()) || !/^\d+$/.test(f.periodRequests.trim()))
    return 'common.budget.invalid';
  return null;
}

/** Period, quota per period and requests per period. */
export function BudgetFields({ value, onChange }: { value: BudgetForm; onChange(next: BudgetForm): void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<BudgetForm>) => onChange({ ...value, ...patch });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        label={t('common.budget.period')}
        name="period"
        value={value.period}
        onChange={(e) => set({ period: e.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 150 }}
      >
        {BUDGET_PERIOD_OPTIONS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`common.budget.periods.${p || 'none'}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.period && (
        <>
          <TextField
            label={t('common.budget.quota')}
            name="period_quota"
            value={value.periodQuota}
            onChange={(e) => set({ periodQuota: e.target.value })}
            helperText={
              /^\d+$/.test(value.periodQuota) && Number(value.periodQuota) > 0
                ? formatQuota(Number(value.periodQuota))
                : t('common.budget.zeroNone')
            }
          />
          <TextField
            label={t('common.budget.requests')}
            name="period_requests"
            value={value.periodRequests}
            onChange={(e) => set({ periodRequests: e.target.value })}
            helperText={t('common.budget.zeroNone')}
          />
        </>
      )}
    </Stack>
  );
}
