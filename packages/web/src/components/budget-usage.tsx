import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatQuota, formatTime } from '../lib/format';

/** The budget fields a token or user carries (zero when the server is new-api, which has none). */
export interface BudgetView {
  period: string;
  period_quota: number;
  period_requests: number;
  period_used_quota: number;
  period_used_requests: number;
  period_reset_time: number;
}

/** "Spent this period / limit" with a bar and the reset time; a dash without a budget. */
export function BudgetUsage({ row }: { row: BudgetView }) {
  const { t } = useTranslation();
  if (!row.period || (!row.period_quota && !row.period_requests)) return <>—</>;
  const quota = row.period_quota > 0;
  const used = quota ? row.period_used_quota : row.period_used_requests;
  const limit = quota ? row.period_quota : row.period_requests;
  const pct = Math.min(100, limit ? (used / limit) * 100 : 0);
  const text = quota
    ? `${formatQuota(used)} / ${formatQuota(limit)}`
    : t('common.budget.requestsOf', { used, limit });
  return (
    <Stack spacing={0.25} sx={{ minWidth: 120 }} data-testid="budget-usage">
      <Typography variant="caption">
        {t(`common.budget.periods.${row.period}`)} · {text}
      </Typography>
      <Box>
        <LinearProgress
          variant="determinate"
          value={pct}
          color={pct >= 100 ? 'error' : pct >= 80 ? 'warning' : 'primary'}
          aria-label={t('common.budget.spent')}
        />
      </Box>
      {row.period_reset_time > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('common.budget.resets', { time: formatTime(row.period_reset_time) })}
        </Typography>
      )}
    </Stack>
  );
}
