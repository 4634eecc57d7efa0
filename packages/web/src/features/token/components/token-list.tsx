import type { Token } from '@switchboard/sdk';
import { Alert, Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/search-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column, pagerProps } from '../../../components/data-table';
import { formatQuota, formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/url-state';
import { useDeleteTokens } from '../api/mutations';
import { useTokens } from '../api/queries';
import { TokenEditDialog } from './token-edit-dialog';
import { TokenRowActions } from './token-row-actions';
import { TokenStatusChip } from './token-status-chip';
import { BudgetUsage } from '../../../components/budget-usage';

const FILTERS = ['keyword', 'key'] as const;

export function TokenList() {
  const { t } = useTranslation();
  const table = useTableState('token', FILTERS);
  const tokens = useTokens({ page: table.page, pageSize: table.pageSize, ...table.filters });
  const remove = useDeleteTokens();
  const [editing, setEditing] = useState<Token | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<Array<number | string>>([]);
  const [keyword, setKeyword] = useState(table.filters.keyword);
  const [key, setKey] = useState(table.filters.key);

  const columns: Column<Token>[] = [
    { field: 'name', header: t('token.fields.name'), render: (row) => row.name, flex: 1.2 },
    {
      field: 'status',
      header: t('token.fields.status'),
      render: (row) => <TokenStatusChip token={row} />,
      width: 110,
    },
    {
      field: 'used_quota',
      header: t('token.fields.used_quota'),
      render: (row) => formatQuota(row.used_quota),
      width: 110,
    },
    {
      field: 'remain_quota',
      header: t('token.fields.remain_quota'),
      render: (row) => (row.unlimited_quota ? t('token.unlimited') : formatQuota(row.remain_quota)),
      width: 120,
    },
    {
      field: 'period_used_quota',
      header: t('common.budget.column'),
      render: (row) => <BudgetUsage row={row} />,
      width: 170,
    },
    {
      field: 'created_time',
      header: t('token.fields.created_time'),
      render: (row) => formatTime(row.created_time),
      width: 170,
    },
    {
      field: 'expired_time',
      header: t('token.fields.expired_time'),
      render: (row) => (row.expired_time === -1 ? t('token.expiry.never') : formatTime(row.expired_time)),
      width: 170,
    },
  ];

  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters({ keyword: keyword.trim(), key: key.trim() });
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('token.list.personalUse')}</Alert>
      <Paper sx={{ p: 2 }}>
        <SearchForm title={t('token.list.title')} onSubmit={search}>
          <TextField
            label={t('token.list.searchName')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            sx={{ maxWidth: 200 }}
          />
          <TextField
            label={t('token.list.searchKey')}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            sx={{ maxWidth: 200 }}
          />
          <Button type="submit" variant="outlined">
            {t('common.actions.search')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" onClick={() => setEditing(null)} data-testid="create-token">
            {t('token.list.create')}
          </Button>
          <Button
            color="error"
            variant="outlined"
            onClick={() =>
              selected.length
                ? setDeleting(selected.map(Number))
                : notify('warning', t('token.list.selectFirst'))
            }
          >
            {t('token.list.deleteSelected')}
          </Button>
        </SearchForm>
      </Paper>
      <DataTable
        testId="token-table"
        rows={tokens.data?.items ?? []}
        columns={columns}
        {...pagerProps(table, tokens)}
        selectable
        selected={selected}
        onSelect={setSelected}
        actions={(row) => (
          <TokenRowActions
            token={row}
            onEdit={() => setEditing(row)}
            onDelete={() => setDeleting([row.id])}
          />
        )}
      />
      {editing !== undefined && <TokenEditDialog token={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('token.list.deleteConfirm', { count: deleting?.length ?? 0 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setSelected([]) });
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
