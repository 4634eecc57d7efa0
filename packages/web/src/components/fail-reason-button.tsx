import { Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A failed task's fail_reason, shown in a dialog (spec §8). */
export function FailReasonButton({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!reason) return null;
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {t('common.failReason')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('common.failReason')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reason}</Typography>
        </DialogContent>
      </Dialog>
    </>
  );
}
