import type { AuditEntry } from '@switchboard/sdk';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, pagerProps } from '../../../components/data-table';
import { useTableState } from '../../../lib/url-state';
import { AUDIT_FILTER_NAMES } from '../api/keys';
import { useAuditEntries } from '../api/queries';
import { auditColumns } from './audit-columns';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilters } from './audit-filters';

/** `/audit` (root): who changed what, filtered by actor, target and time; an entry opens its diff. */
export function AuditList() {
  const { t } = useTranslation();
  const table = useTableState('audit', AUDIT_FILTER_NAMES);
  const entries = useAuditEntries(table.filters, table.page, table.pageSize);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('audit.list.title')}
        </Typography>
        <AuditFilters key={JSON.stringify(table.filters)} value={table.filters} onApply={table.setFilters} />
      </Paper>
      <DataTable
        testId="audit-table"
        rows={entries.data?.items ?? []}
        columns={auditColumns(t)}
        {...pagerProps(table, entries)}
        actions={(row) => (
          <Button size="small" onClick={() => setOpen(row)} data-testid={`audit-open-${row.id}`}>
            {t('audit.list.details')}
          </Button>
        )}
      />
      {open && <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
