import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, stampedName } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { fetchAllUsers } from '../api/queries';
import { usersCsv } from '../users-csv';

/** Exports every user matching the search (all pages) as CSV. */
export function UserExportButton({ filters }: { filters: { keyword: string; group: string } }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      const rows = await fetchAllUsers(filters, setProgress);
      downloadText(usersCsv(rows), stampedName('users', 'csv'), 'text/csv;charset=utf-8');
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={progress !== null}>
      {progress === null ? t('user.list.export') : t('user.list.exporting', { count: progress })}
    </Button>
  );
}
