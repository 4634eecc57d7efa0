import { PASSWORD_MAX, RESEND_COUNTDOWN_S, USERNAME_MAX } from '@switchboard/sdk';
import { Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { TextInput } from '../../../components/text-input';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Turnstile } from '../../../components/turnstile';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useStatus } from '../../../lib/status';
import { readItem, STORAGE_KEYS, writeItem } from '../../../lib/storage';
import { useCountdown } from '../../../lib/use-countdown';
import { useRegister, useSendVerification } from '../api/mutations';
import { validateRegister, type RegisterInput } from '../validation';
import { AuthCard } from './auth-card';

const EMPTY: RegisterInput = { username: '', password: '', password2: '', email: '', code: '' };

/** Spec §5 registration: the aff invite code is stored; email code only when verification is on. */
export function RegisterForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useStatus();
  const register = useRegister();
  const sendCode = useSendVerification();
  const countdown = useCountdown(RESEND_COUNTDOWN_S);
  const [input, setInput] = useState<RegisterInput>(EMPTY);
  const [turnstile, setTurnstile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailVerification = status?.email_verification === true;
  const needsTurnstile = status?.turnstile_check === true;

  useEffect(() => {
    const aff = params.get('aff');
    if (aff) writeItem(STORAGE_KEYS.affCode, aff);
  }, [params]);

  const field = (name: keyof RegisterInput) => ({
    name,
    value: input[name],
    onChange: (e: { target: { value: string } }) => setInput((prev) => ({ ...prev, [name]: e.target.value })),
  });

  const onSendCode = async () => {
    if (!input.email.trim()) return setError(t('auth.errors.emailRequired'));
    if (needsTurnstile && !turnstile) return notify('info', t('auth.errors.turnstilePending'));
    try {
      await sendCode.mutateAsync({ email: input.email.trim(), turnstile });
      countdown.start();
      notify('success', t('auth.register.codeSent'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegister(input, emailVerification);
    if (invalid) return setError(t(invalid));
    if (needsTurnstile && !turnstile) return notify('info', t('auth.errors.turnstilePending'));
    setError(null);
    try {
      const aff = readItem(STORAGE_KEYS.affCode) ?? undefined;
      await register.mutateAsync({
        params: {
          username: input.username.trim(),
          password: input.password,
          password2: input.password2,
          ...(emailVerification ? { email: input.email.trim(), verification_code: input.code.trim() } : {}),
          ...(aff ? { aff_code: aff } : {}),
        },
        turnstile,
      });
      notify('success', t('auth.register.success'));
      void navigate('/login');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <AuthCard title={t('auth.register.title')}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextInput
            label={t('auth.fields.username')}
            placeholder={t('auth.register.usernameHint', { max: USERNAME_MAX })}
            maxLength={USERNAME_MAX}
            autoComplete="username"
            {...field('username')}
          />
          <TextInput
            label={t('auth.fields.password')}
            placeholder={t('auth.register.passwordHint', { max: PASSWORD_MAX })}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            {...field('password')}
          />
          <TextInput
            label={t('auth.fields.password2')}
            type="password"
            autoComplete="new-password"
            {...field('password2')}
          />
          {emailVerification && (
            <>
              <Stack direction="row" spacing={1}>
                <TextInput label={t('auth.fields.email')} type="email" {...field('email')} />
                <Button
                  variant="outlined"
                  onClick={() => void onSendCode()}
                  disabled={countdown.left > 0 || sendCode.isPending}
                  sx={{ whiteSpace: 'nowrap', minWidth: 110 }}
                >
                  {countdown.left > 0
                    ? t('auth.register.resendIn', { seconds: countdown.left })
                    : t('auth.register.sendCode')}
                </Button>
              </Stack>
              <TextInput label={t('auth.fields.verification_code')} {...field('code')} />
            </>
          )}
          {needsTurnstile && <Turnstile siteKey={status.turnstile_site_key} onToken={setTurnstile} />}
          <FormError message={error} />
          <Button type="submit" variant="contained" size="large" disabled={register.isPending}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </Box>
      <Box sx={{ mt: 2, fontSize: 14, textAlign: 'center' }}>
        <MuiLink component={Link} to="/login">
          {t('auth.register.toLogin')}
        </MuiLink>
      </Box>
    </AuthCard>
  );
}
