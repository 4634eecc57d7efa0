import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, stampedName } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { fetchAllRedemptions } from '../api/queries';
import { redemptionsCsv } from '../codes-csv';

/** Exports every code matching the search (all pages, not just the one on screen) as CSV. */
export function RedemptionExportButton({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      const rows = await fetchAllRedemptions(keyword, setProgress);
      downloadText(redemptionsCsv(rows), stampedName('redemptions', 'csv'), 'text/csv;charset=utf-8');
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={progress !== null}>
      {progress === null ? t('redemption.list.export') : t('redemption.list.exporting', { count: progress })}
    </Button>
  );
}
