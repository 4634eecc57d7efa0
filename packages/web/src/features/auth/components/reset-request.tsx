import { RESEND_COUNTDOWN_S } from '@switchboard/sdk';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { TextInput } from '../../../components/text-input';
import { Turnstile } from '../../../components/turnstile';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useStatus } from '../../../lib/status';
import { useCountdown } from '../../../lib/use-countdown';
import { useSendPasswordReset } from '../api/mutations';
import { AuthCard } from './auth-card';

/** Spec §5: an empty email does nothing; the button is disabled 30 s after each click. */
export function ResetRequest() {
  const { t } = useTranslation();
  const status = useStatus();
  const send = useSendPasswordReset();
  const countdown = useCountdown(RESEND_COUNTDOWN_S);
  const [email, setEmail] = useState('');
  const [turnstile, setTurnstile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const needsTurnstile = status?.turnstile_check === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    if (needsTurnstile && !turnstile) return notify('info', t('auth.errors.turnstilePending'));
    countdown.start();
    setError(null);
    try {
      await send.mutateAsync({ email: email.trim(), turnstile });
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextInput
            label={t('auth.fields.email')}
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {needsTurnstile && <Turnstile siteKey={status.turnstile_site_key} onToken={setTurnstile} />}
          {sent && <Alert severity="success">{t('auth.reset.sent')}</Alert>}
          <FormError message={error} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={countdown.left > 0 || send.isPending}
          >
            {countdown.left > 0
              ? t('auth.reset.retryIn', { seconds: countdown.left })
              : t('auth.reset.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
