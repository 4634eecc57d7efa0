import { AUDIT_REVERTIBLE_TYPES, type AuditEntry } from '@switchboard/sdk';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRevertAudit } from '../api/mutations';
import { AuditDiff } from './audit-diff';

/** Whether the server would consider reverting the entry (it still checks the target's current state). */
export function canRevert(entry: AuditEntry): boolean {
  return AUDIT_REVERTIBLE_TYPES.includes(entry.target_type) && entry.target_id !== '' && entry.after !== null;
}

/** One entry: who, when, how, the before/after diff, and for option and channel changes a confirmed Revert. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry; onClose(): void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const revert = useRevertAudit({
    onSuccess: (made) => {
      notify('success', t('audit.revert.done', { id: made.id }));
      onClose();
    },
  });
  const kind = t(`audit.targets.${entry.target_type}`);
  const target = entry.target_id ? `${kind} ${entry.target_id}` : kind;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="audit-entry">
      <DialogTitle>{t('audit.entry.title', { id: entry.id, action: entry.action })}</DialogTitle>
      <DialogContent>
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography variant="body2">
            {t('audit.entry.who', {
              actor: `${entry.actor_name} (#${entry.actor_id})`,
              time: formatTime(entry.created_at),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('audit.entry.how', {
              ip: entry.ip || '-',
              via: t(`audit.via.${entry.via}`),
              credential: entry.credential || '-',
            })}
          </Typography>
          <Typography variant="body2">{t('audit.entry.target', { target })}</Typography>
          {entry.reverted_from !== null && (
            <Typography variant="body2">{t('audit.entry.reverts', { id: entry.reverted_from })}</Typography>
          )}
        </Stack>
        <AuditDiff entry={entry} />
      </DialogContent>
      <DialogActions>
        {canRevert(entry) && (
          <Button color="warning" onClick={() => setConfirming(true)} disabled={revert.isPending}>
            {t('audit.revert.action')}
          </Button>
        )}
        <Button onClick={onClose}>{t('audit.entry.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('audit.revert.confirm', { id: entry.id })}
        confirmLabel={t('audit.revert.action')}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          revert.mutate(entry.id);
        }}
      >
        <Typography variant="body2">{t('audit.revert.explain', { target })}</Typography>
      </ConfirmDialog>
    </Dialog>
  );
}
