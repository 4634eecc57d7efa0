import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../../components/confirm-dialog';
import { errorMessage } from '../../../../../lib/errors';
import { notify } from '../../../../../lib/notify';
import { useClearLogs } from '../../../api/option-mutations';
import { LOG_SECTION } from '../../../options/operation-sections';
import type { OptionValues } from '../../../options/option-values';
import { OptionSwitch } from '../option-switch';
import { SaveFeedbackAlert } from '../save-feedback';
import type { SaveFeedback } from '../use-option-save';

/** Consumption logging on or off, and deleting every log older than a chosen time (after a confirm). */
export function LogSection({ stored }: { stored: OptionValues }) {
  const { t } = useTranslation();
  const [before, setBefore] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<SaveFeedback | null>(null);
  const clear = useClearLogs({
    onSuccess: (count) => notify('success', t('options.log.cleared', { count })),
    onError: (error) =>
      setFeedback({ severity: 'error', message: `${t('options.log.clearFailed')}: ${errorMessage(error)}` }),
  });
  const timestamp = before ? Math.floor(new Date(before).getTime() / 1000) : Number.NaN;

  const ask = () => {
    if (!Number.isFinite(timestamp))
      return setFeedback({ severity: 'error', message: t('options.log.timeRequired') });
    setFeedback(null);
    setConfirming(true);
  };
  const run = () => {
    setConfirming(false);
    clear.mutate(timestamp);
  };

  return (
    <Card component="section" data-testid="section-log">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('options.sections.log')}
          </Typography>
          {LOG_SECTION.fields.map((field) => (
            <OptionSwitch key={field.key} spec={field} stored={stored[field.key] ?? ''} />
          ))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label={t('options.log.before')}
              type="datetime-local"
              name="log-before"
              size="small"
              value={before}
              onChange={(e) => setBefore(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="outlined" color="error" onClick={ask} disabled={clear.isPending}>
              {t('options.log.clear')}
            </Button>
          </Stack>
          <SaveFeedbackAlert feedback={feedback} />
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('options.log.confirmTitle')}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={run}
      >
        {t('options.log.confirmText', { time: before.replace('T', ' ') })}
      </ConfirmDialog>
    </Card>
  );
}
