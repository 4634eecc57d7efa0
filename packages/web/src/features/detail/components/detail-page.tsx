import { DASHBOARD_LOG_DAYS } from '@switchboard/sdk';
import { Alert, Box, Card, CardContent, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import {
  formatQuota,
  formatTime,
  fromDateTimeInput,
  quotaPerUnit,
  toDateTimeInput,
} from '../../../lib/format';
import { isAdmin, useUser } from '../../../lib/session';
import { useStatus } from '../../../lib/status';
import { aggregateUsage, type Granularity } from '../aggregate';
import { useAdminUsage } from '../api/admin-queries';
import { useUsage } from '../api/queries';
import { AdminUsagePanel } from './admin-usage-panel';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5">{value}</Typography>
      </CardContent>
    </Card>
  );
}

/** `/detail`: usage over time by model (spec §9: the last 3 days, the site's default granularity). */
export function DetailPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const now = Math.floor(Date.now() / 1000);
  const [start, setStart] = useState(now - DASHBOARD_LOG_DAYS * 86_400);
  const [end, setEnd] = useState(now + 3600);
  const [granularity, setGranularity] = useState<Granularity>(
    (status?.data_export_default_time as Granularity) || 'hour',
  );
  // Admins read `/api/data/` (every user, or one by name); others their own rows.
  const admin = isAdmin(useUser());
  const [username, setUsername] = useState('');
  const own = useUsage(start, end, !admin);
  const all = useAdminUsage(start, end, username, admin);
  const usage = admin ? all : own;
  const series = useMemo(() => aggregateUsage(usage.data ?? [], granularity), [usage.data, granularity]);
  if (status && !status.enable_data_export) return <Alert severity="info">{t('detail.disabled')}</Alert>;
  const unit = quotaPerUnit();
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" component="h1" sx={{ mr: 2 }}>
          {t('detail.title')}
        </Typography>
        <TextField
          type="datetime-local"
          label={t('detail.start')}
          value={toDateTimeInput(start)}
          onChange={(e) => setStart(fromDateTimeInput(e.target.value) ?? start)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 230 }}
        />
        <TextField
          type="datetime-local"
          label={t('detail.end')}
          value={toDateTimeInput(end)}
          onChange={(e) => setEnd(fromDateTimeInput(e.target.value) ?? end)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 230 }}
        />
        <TextField
          select
          label={t('detail.granularity')}
          value={granularity}
          onChange={(e) => setGranularity(e.target.value as Granularity)}
          sx={{ maxWidth: 140 }}
        >
          {(['hour', 'day', 'week'] as const).map((g) => (
            <MenuItem key={g} value={g}>
              {t(`detail.granularities.${g}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {admin && <AdminUsagePanel username={username} onUsername={setUsername} start={start} end={end} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Stat label={t('detail.totalQuota')} value={formatQuota(series.totals.quota)} />
        <Stat label={t('detail.totalCount')} value={series.totals.count} />
        <Stat label={t('detail.totalTokens')} value={series.totals.tokens} />
      </Box>
      {usage.isPending ? (
        <Loading />
      ) : series.buckets.length === 0 ? (
        <Alert severity="info">{t('detail.empty')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <Paper sx={{ p: 2 }} data-testid="usage-chart">
            <Typography variant="subtitle1">{t('detail.quotaOverTime')}</Typography>
            <BarChart
              height={320}
              xAxis={[{ scaleType: 'band', data: series.buckets.map((b) => formatTime(b).slice(5, 16)) }]}
              series={series.models.map((m) => ({
                label: m,
                stack: 'quota',
                data: series.quota[m]!.map((q) => Number((q / unit).toFixed(4))),
              }))}
            />
          </Paper>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('detail.callsByModel')}</Typography>
            <PieChart
              height={320}
              series={[
                {
                  data: series.models.map((m, i) => ({
                    id: i,
                    label: m,
                    value: series.countByModel[m] ?? 0,
                  })),
                  innerRadius: 40,
                },
              ]}
            />
          </Paper>
        </Box>
      )}
    </Stack>
  );
}
