import { Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { formatQuota } from '../../../lib/format';
import { validateQuotaDelta } from '../validation';

interface Props {
  /** The balance the delta is added to. */
  oldQuota: number;
  busy?: boolean;
  /** Error from saving, shown under the form. */
  error?: string | null;
  onClose(): void;
  /** Called with a valid delta; the caller saves (the list) or fills the form (the editor). */
  onAdd(delta: number): void;
}

/** Spec §4: shows the new quota as old plus delta before anything is saved; negative deltas subtract. */
export function QuotaAddDialog({ oldQuota, busy, error, onClose, onAdd }: Props) {
  const { t } = useTranslation();
  const [delta, setDelta] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const parsed = /^-?\d+$/.test(delta.trim()) ? Number(delta) : 0;
  const submit = () => {
    const problem = validateQuotaDelta(delta, oldQuota);
    setInvalid(problem);
    if (!problem) onAdd(parsed);
  };
  const message = invalid ? t(invalid) : error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('user.quota.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" data-testid="quota-preview">
            {t('user.quota.preview', {
              old: formatQuota(oldQuota),
              delta: formatQuota(parsed),
              total: formatQuota(oldQuota + parsed),
            })}
          </Typography>
          <TextField
            autoFocus
            label={t('user.quota.delta')}
            name="delta"
            value={delta}
            helperText={t('user.quota.deltaHint')}
            onChange={(e) => setDelta(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
          />
          <FormError message={message} />
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('common.actions.confirm')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={busy}
      />
    </Dialog>
  );
}
