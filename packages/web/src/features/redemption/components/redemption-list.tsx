import type { Redemption } from '@switchboard/sdk';
import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/search-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, pagerProps } from '../../../components/data-table';
import { useTableState } from '../../../lib/url-state';
import { useDeleteRedemptions } from '../api/mutations';
import { useRedemptions } from '../api/queries';
import { RedemptionBulkBar } from './redemption-bulk-bar';
import { redemptionColumns } from './redemption-columns';
import { RedemptionCreatedDialog } from './redemption-created-dialog';
import { RedemptionEditDialog, type CreatedBatch } from './redemption-edit-dialog';
import { ExportAllButton } from '../../../components/export-all-button';
import { fetchAllRedemptions } from '../api/queries';
import { redemptionsCsv } from '../codes-csv';
import { RedemptionRowActions } from './redemption-row-actions';

const FILTERS = ['keyword'] as const;

/** `/redemption` (admin): codes with search, batch creation, per-row and bulk actions, CSV export. */
export function RedemptionList() {
  const { t } = useTranslation();
  const table = useTableState('redemption', FILTERS);
  const codes = useRedemptions({ page: table.page, pageSize: table.pageSize, ...table.filters });
  const remove = useDeleteRedemptions();
  const [editing, setEditing] = useState<Redemption | null | undefined>(undefined);
  const [created, setCreated] = useState<CreatedBatch | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [selected, setSelected] = useState<Array<number | string>>([]);
  const [keyword, setKeyword] = useState(table.filters.keyword);
  const rows = codes.data?.items ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r.id));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSelected([]);
    table.setFilters({ keyword: keyword.trim() });
  };

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <SearchForm title={t('redemption.list.title')} onSubmit={search}>
          <TextField
            label={t('redemption.list.search')}
            name="keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            sx={{ maxWidth: 240 }}
          />
          <Button type="submit" variant="outlined">
            {t('common.actions.search')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <ExportAllButton
            label={t('redemption.list.export')}
            busyLabel={(count) => t('redemption.list.exporting', { count })}
            stem="redemptions"
            csv={async (onProgress) =>
              redemptionsCsv(await fetchAllRedemptions(table.filters.keyword, onProgress))
            }
          />
          <Button variant="contained" onClick={() => setEditing(null)} data-testid="create-redemption">
            {t('redemption.list.create')}
          </Button>
        </SearchForm>
        <RedemptionBulkBar
          selected={selectedRows}
          onDelete={() => setDeleting(selectedRows.map((r) => r.id))}
          onDone={() => setSelected([])}
        />
      </Paper>
      <DataTable
        testId="redemption-table"
        rows={rows}
        columns={redemptionColumns(t)}
        {...pagerProps(table, codes)}
        selectable
        selected={selected}
        onSelect={setSelected}
        actions={(row) => (
          <RedemptionRowActions
            redemption={row}
            onEdit={() => setEditing(row)}
            onDelete={() => setDeleting([row.id])}
          />
        )}
      />
      {editing !== undefined && (
        <RedemptionEditDialog
          redemption={editing}
          onClose={() => setEditing(undefined)}
          onCreated={setCreated}
        />
      )}
      {created && <RedemptionCreatedDialog batch={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('redemption.list.deleteConfirm', { count: deleting?.length ?? 0 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setSelected([]) });
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
