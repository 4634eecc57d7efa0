import { RESEND_COUNTDOWN_S, type User } from '@switchboard/sdk';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';
import { useBindEmail, useSendEmailCode } from '../api/mutations';
import { validateEmailBind } from '../validation';
import { Section } from './section';

/** Bound identities (read-only) and email binding with a 30 s resend countdown. */
export function BindingSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const send = useSendEmailCode();
  const bind = useBindEmail();
  const countdown = useCountdown(RESEND_COUNTDOWN_S);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bound: Array<[string, string]> = [
    [t('setting.bindings.email'), user.email],
    ['GitHub', user.github_id],
    ['Linux DO', user.linux_do_id],
    [t('setting.bindings.wechat'), user.wechat_id],
    ['Telegram', user.telegram_id],
  ];
  const submit = async () => {
    const invalid = validateEmailBind(email, code);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await bind.mutateAsync({ email: email.trim(), code: code.trim() });
      notify('success', t('setting.bindings.bound'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Section title={t('setting.bindings.title')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, mb: 2 }}>
        {bound.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="body2">{value || t('setting.bindings.none')}</Typography>
          </Box>
        ))}
      </Box>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <TextField
            label={t('setting.bindings.newEmail')}
            name="bind-email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', minWidth: 110 }}
            disabled={countdown.left > 0 || !email.trim()}
            onClick={() => send.mutate(email.trim(), { onSuccess: () => countdown.start() })}
          >
            {countdown.left > 0
              ? t('setting.bindings.resendIn', { seconds: countdown.left })
              : t('setting.bindings.sendCode')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1}>
          <TextField
            label={t('setting.bindings.code')}
            name="bind-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={bind.isPending}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('setting.bindings.bind')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
