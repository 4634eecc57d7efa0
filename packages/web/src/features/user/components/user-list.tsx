import type { User } from '@switchboard/sdk';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/search-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, pagerProps } from '../../../components/data-table';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/url-state';
import { useAddQuota, useManageUsers } from '../api/mutations';
import { useGroups, useUsers } from '../api/queries';
import { QuotaAddDialog } from './quota-add-dialog';
import { UserBulkBar } from './user-bulk-bar';
import { userColumns } from './user-columns';
import { UserCreateDialog } from './user-create-dialog';
import { ExportAllButton } from '../../../components/export-all-button';
import { fetchAllUsers } from '../api/queries';
import { usersCsv } from '../users-csv';
import { UserRowActions } from './user-row-actions';

const FILTERS = ['keyword', 'group'] as const;

/** `/user` (admin), titled manage users: search by keyword and group, create, manage actions, quota, export. */
export function UserList() {
  const { t } = useTranslation();
  const table = useTableState('user', FILTERS);
  const users = useUsers({ page: table.page, pageSize: table.pageSize, ...table.filters });
  const groups = useGroups();
  const manage = useManageUsers();
  const [creating, setCreating] = useState(false);
  const [quotaFor, setQuotaFor] = useState<User | null>(null);
  const addQuota = useAddQuota({
    onSuccess: (quota, { id }) => {
      notify('success', t('user.quota.saved', { amount: formatQuota(quota) }));
      // After a Cancel the dialog may be open for another user by now.
      setQuotaFor((open) => (open?.id === id ? null : open));
    },
  });
  const [deleting, setDeleting] = useState<User[] | null>(null);
  const [selected, setSelected] = useState<Array<number | string>>([]);
  const [keyword, setKeyword] = useState(table.filters.keyword);
  const [group, setGroup] = useState(table.filters.group);
  const rows = users.data?.items ?? [];
  const selectedRows = rows.filter((u) => selected.includes(u.id));

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSelected([]);
    table.setFilters({ keyword: keyword.trim(), group });
  };

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <SearchForm title={t('user.list.title')} onSubmit={search}>
          <TextField
            label={t('user.list.search')}
            name="keyword"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            sx={{ maxWidth: 260, minWidth: 180 }}
          />
          <TextField
            select
            label={t('user.fields.group')}
            name="group"
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            sx={{ width: 160 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('user.list.allGroups')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g} value={g}>
                {g}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined">
            {t('common.actions.search')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <ExportAllButton
            label={t('user.list.export')}
            busyLabel={(count) => t('user.list.exporting', { count })}
            stem="users"
            csv={async (onProgress) => usersCsv(await fetchAllUsers(table.filters, onProgress))}
          />
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-user">
            {t('user.list.create')}
          </Button>
        </SearchForm>
        <UserBulkBar
          selected={selectedRows}
          onDelete={() => setDeleting(selectedRows)}
          onDone={() => setSelected([])}
        />
      </Paper>
      <DataTable
        testId="user-table"
        rows={rows}
        columns={userColumns(t)}
        {...pagerProps(table, users)}
        selectable
        selected={selected}
        onSelect={setSelected}
        actions={(row) => (
          <UserRowActions
            user={row}
            onAddQuota={() => setQuotaFor(row)}
            onDelete={() => setDeleting([row])}
          />
        )}
      />
      {creating && <UserCreateDialog onClose={() => setCreating(false)} />}
      {quotaFor && (
        <QuotaAddDialog
          oldQuota={quotaFor.quota}
          busy={addQuota.isPending}
          error={addQuota.error ? errorMessage(addQuota.error) : null}
          onClose={() => {
            addQuota.reset();
            setQuotaFor(null);
          }}
          onAdd={(delta) => addQuota.mutate({ id: quotaFor.id, delta })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('user.list.deleteConfirm', { count: deleting?.length ?? 0 })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            manage.mutate(
              { ids: deleting.filter((u) => !u.DeletedAt).map((u) => u.id), action: 'delete' },
              { onSuccess: () => setSelected([]) },
            );
          setDeleting(null);
        }}
      >
        {deleting && <Typography variant="body2">{deleting.map((u) => u.username).join(', ')}</Typography>}
      </ConfirmDialog>
    </Stack>
  );
}
