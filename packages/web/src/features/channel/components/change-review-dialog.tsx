import {
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import type { FieldChange } from '../lib/channel-form';

interface Props {
  changes: FieldChange[];
  /** The save is under way: confirm is disabled so it is not sent twice. */
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Every field an edit changes, before and after, so nothing is saved by surprise. */
export function ChangeReviewDialog({ changes, busy, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('channel.review.title', { count: changes.length })}</DialogTitle>
      <DialogContent dividers>
        <Table size="small" data-testid="change-review">
          <TableHead>
            <TableRow>
              <TableCell>{t('channel.review.field')}</TableCell>
              <TableCell>{t('channel.review.before')}</TableCell>
              <TableCell>{t('channel.review.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((c) => (
              <TableRow key={c.field}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`channel.fields.${c.field}`)}</TableCell>
                {c.added || c.removed ? (
                  <TableCell colSpan={2}>
                    {c.added && c.added.length > 0 && (
                      <Typography variant="body2" color="success.main">
                        + {c.added.join(', ')}
                      </Typography>
                    )}
                    {c.removed && c.removed.length > 0 && (
                      <Typography variant="body2" color="error.main">
                        − {c.removed.join(', ')}
                      </Typography>
                    )}
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={{ wordBreak: 'break-all', color: 'text.secondary' }}>
                      {c.before || '—'}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{c.after || '—'}</TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {changes.some((c) => c.field === 'models' || c.field === 'groups' || c.field === 'priority') && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('channel.review.routingNote')}
          </Typography>
        )}
      </DialogContent>
      <DialogFooter
        submitLabel={t('channel.review.confirm')}
        onSubmit={onConfirm}
        onCancel={onClose}
        disabled={busy}
        testId="confirm-save"
      />
    </Dialog>
  );
}
