import type { Log } from '@switchboard/sdk';
import { Box, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, pagerProps } from '../../../components/data-table';
import { formatQuota, formatTime } from '../../../lib/format';
import { isAdmin, useUser } from '../../../lib/session';
import { useTableState } from '../../../lib/url-state';
import { exportLogsCsv } from '../api/export-csv';
import { ExportAllButton } from '../../../components/export-all-button';
import { LOG_FILTERS } from '../api/keys';
import { useLogStat, useLogs } from '../api/queries';
import { adminLogColumns } from './admin-log-columns';
import { LogBadges } from './log-badges';
import { LogDetails } from './log-details';
import { LogFilters } from './log-filters';
import { LogUserDialog } from './log-user-dialog';

export function LogList() {
  const { t } = useTranslation();
  const table = useTableState('log', LOG_FILTERS);
  const [autoRefresh, setAutoRefresh] = useState(false);
  // Admins read every user's logs, with the channel, user and retry columns (spec §6).
  const admin = isAdmin(useUser());
  const [userInfo, setUserInfo] = useState<number | null>(null);
  const logs = useLogs(table.filters, table.page, table.pageSize, autoRefresh, admin);
  const stat = useLogStat(table.filters, autoRefresh, admin);

  const columns: Column<Log>[] = [
    {
      field: 'created_at',
      header: t('log.fields.created_at'),
      render: (l) => formatTime(l.created_at),
      width: 165,
    },
    {
      field: 'type',
      header: t('log.fields.type'),
      render: (l) => (
        <Chip variant="outlined" label={t(`log.types.${l.type}`, { defaultValue: String(l.type) })} />
      ),
      width: 90,
    },
    ...(admin ? adminLogColumns(t, (l) => setUserInfo(l.user_id)) : []),
    { field: 'token_name', header: t('log.fields.token_name'), render: (l) => l.token_name, width: 120 },
    { field: 'group', header: t('log.fields.group'), render: (l) => l.group, width: 90 },
    { field: 'model_name', header: t('log.fields.model_name'), render: (l) => l.model_name, flex: 1 },
    {
      field: 'use_time',
      header: t('log.fields.use_time'),
      render: (l) => (l.type === 2 ? <LogBadges log={l} /> : ''),
      width: 170,
    },
    {
      field: 'prompt_tokens',
      header: t('log.fields.prompt_tokens'),
      render: (l) => l.prompt_tokens || '',
      width: 80,
    },
    {
      field: 'completion_tokens',
      header: t('log.fields.completion_tokens'),
      render: (l) => l.completion_tokens || '',
      width: 80,
    },
    {
      field: 'quota',
      header: t('log.fields.quota'),
      render: (l) => (l.quota ? formatQuota(l.quota, 6) : ''),
      width: 110,
    },
    { field: 'content', header: t('log.fields.content'), render: (l) => <LogDetails log={l} />, flex: 2 },
  ];

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h1">
            {t('log.list.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="log-stat">
            {t('log.list.stat', {
              quota: formatQuota(stat.data?.quota ?? 0),
              rpm: stat.data?.rpm ?? 0,
              tpm: stat.data?.tpm ?? 0,
            })}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <FormControlLabel
            control={<Switch checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />}
            label={t('log.list.autoRefresh')}
          />
          <ExportAllButton
            label={t('log.list.export')}
            busyLabel={(count) => t('log.list.exporting', { count })}
            stem="logs"
            csv={(onProgress) => exportLogsCsv(table.filters, onProgress, undefined, admin)}
            testId="log-export"
          />
        </Stack>
        <LogFilters
          key={JSON.stringify(table.filters)}
          value={table.filters}
          onApply={(f) => table.setFilters(f)}
          admin={admin}
        />
      </Paper>
      <DataTable
        testId="log-table"
        rows={logs.data?.items ?? []}
        columns={columns}
        {...pagerProps(table, logs)}
      />
      {userInfo !== null && <LogUserDialog userId={userInfo} onClose={() => setUserInfo(null)} />}
    </Stack>
  );
}
