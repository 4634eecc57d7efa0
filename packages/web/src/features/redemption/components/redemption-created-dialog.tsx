import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { downloadText } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { createdCodesCsv } from '../codes-csv';
import type { CreatedBatch } from './redemption-edit-dialog';

/**
 * The keys a batch produced, shown once right after creating it: copy them all, or download them as CSV
 * (name, key, quota, amount) or as plain text, one key a line as new-api's download did.
 */
export function RedemptionCreatedDialog({ batch, onClose }: { batch: CreatedBatch; onClose(): void }) {
  const { t } = useTranslation();
  const text = batch.keys.join('\n');
  const fileBase = batch.name.replace(/[\\/:*?"<>|]/g, '_') || 'redemption';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('redemption.created.title', { count: batch.keys.length })}</DialogTitle>
      <DialogContent>
        {batch.error !== undefined && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('redemption.created.partial', { message: errorMessage(batch.error) })}
          </Alert>
        )}
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('redemption.created.hint', { amount: formatQuota(batch.quota) })}
        </Alert>
        <Box
          component="pre"
          data-testid="created-codes"
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 320,
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: 13,
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          {text}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copyText(text)} data-testid="copy-codes">
          {t('redemption.created.copyAll')}
        </Button>
        <Button onClick={() => downloadText(`${text}\n`, `${fileBase}.txt`)}>
          {t('redemption.created.downloadTxt')}
        </Button>
        <Button
          variant="contained"
          data-testid="download-codes-csv"
          onClick={() =>
            downloadText(
              createdCodesCsv(batch.keys, batch.name, batch.quota, formatQuota(batch.quota)),
              `${fileBase}.csv`,
              'text/csv;charset=utf-8',
            )
          }
        >
          {t('redemption.created.downloadCsv')}
        </Button>
        <Button onClick={onClose}>{t('redemption.created.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
