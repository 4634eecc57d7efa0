import {
  completionPricePerMillion,
  formatPricePerMillion,
  perCallPriceUsd,
  promptPricePerMillion,
  ratioTagColor,
  type PricingEntry,
} from '@switchboard/sdk';
import { Alert, Box, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table';
import { useUser } from '../../../lib/session';
import { useTableState } from '../../../lib/url-state';
import { usePricing } from '../api/queries';

const TAG = { red: 'error', orange: 'warning', blue: 'info', green: 'success' } as const;
const FILTERS = ['q', 'group'] as const;

/** `/pricing`: public per-million prices; the default group's ratio when signed out, a group filter and search. */
export function PricingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const table = useTableState('pricing', FILTERS);
  const pricing = usePricing();
  const groupRatios = pricing.data?.group_ratio ?? {};
  const group = table.filters.group || (user ? user.group : 'default');
  const ratio = groupRatios[group] ?? 1;
  const q = table.filters.q.toLowerCase();
  const rows = (pricing.data?.data ?? [])
    .filter((e) => !q || e.model_name.toLowerCase().includes(q))
    .filter(
      (e) =>
        !table.filters.group || e.enable_groups.length === 0 || e.enable_groups.includes(table.filters.group),
    )
    .map((e) => ({ ...e, id: e.model_name }));
  const pageRows = rows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize);
  const perCall = (e: PricingEntry) => e.quota_type === 1;

  const columns: Column<PricingEntry & { id: string }>[] = [
    { field: 'model_name', header: t('pricing.fields.model_name'), render: (e) => e.model_name, flex: 1.5 },
    {
      field: 'quota_type',
      header: t('pricing.fields.quota_type'),
      render: (e) => (perCall(e) ? t('pricing.perCall') : t('pricing.perToken')),
      width: 110,
    },
    {
      field: 'model_ratio',
      header: t('pricing.fields.model_ratio'),
      render: (e) =>
        perCall(e) ? '-' : <Chip color={TAG[ratioTagColor(e.model_ratio)]} label={e.model_ratio} />,
      width: 110,
    },
    {
      field: 'prompt',
      header: t('pricing.fields.prompt_price'),
      render: (e) =>
        perCall(e)
          ? `$${perCallPriceUsd({ modelPrice: e.model_price, groupRatio: ratio })} / ${t('pricing.call')}`
          : formatPricePerMillion(promptPricePerMillion({ modelRatio: e.model_ratio, groupRatio: ratio })),
      flex: 1,
    },
    {
      field: 'completion',
      header: t('pricing.fields.completion_price'),
      render: (e) =>
        perCall(e)
          ? '-'
          : formatPricePerMillion(
              completionPricePerMillion({
                modelRatio: e.model_ratio,
                groupRatio: ratio,
                completionRatio: e.completion_ratio,
              }),
            ),
      flex: 1,
    },
    {
      field: 'enable_groups',
      header: t('pricing.fields.enable_groups'),
      render: (e) => e.enable_groups.join(', '),
      flex: 1,
    },
  ];

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h1" gutterBottom>
          {t('pricing.title')}
        </Typography>
        {!user && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('pricing.signedOut')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            label={t('common.actions.search')}
            name="q"
            value={table.filters.q}
            onChange={(e) => table.setFilters({ q: e.target.value })}
            sx={{ maxWidth: 260 }}
          />
          <TextField
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            select
            label={t('pricing.fields.group')}
            value={table.filters.group}
            onChange={(e) => table.setFilters({ group: e.target.value })}
            sx={{ maxWidth: 260 }}
          >
            <MenuItem value="">{t('pricing.allGroups')}</MenuItem>
            {Object.entries(groupRatios).map(([name, r]) => (
              <MenuItem key={name} value={name}>
                {name} ({r}x)
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {t('pricing.groupRatio', { group, ratio })}
          </Typography>
        </Box>
      </Paper>
      <DataTable
        testId="pricing-table"
        rows={pageRows}
        columns={columns}
        loading={pricing.isFetching}
        page={table.page}
        pageSize={table.pageSize}
        total={rows.length}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
    </Stack>
  );
}
