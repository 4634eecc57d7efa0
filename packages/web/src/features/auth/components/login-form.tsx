import { Alert, Box, Button, Link as MuiLink, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { TextInput } from '../../../components/text-input';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Turnstile } from '../../../components/turnstile';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useStatus } from '../../../lib/status';
import { useLogin } from '../api/mutations';
import { validateLogin } from '../validation';
import { AuthCard } from './auth-card';
import { ThirdPartyLogin } from './third-party-login';

/** Spec §2/§5: username or email plus password; the expired notice; the root default-password warning. */
export function LoginForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useStatus();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [turnstile, setTurnstile] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsTurnstile = status?.turnstile_check === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(username, password);
    if (invalid) return setError(t(invalid));
    if (needsTurnstile && !turnstile) return notify('info', t('auth.errors.turnstilePending'));
    setError(null);
    try {
      await login.mutateAsync({ params: { username: username.trim(), password }, turnstile });
      if (username.trim() === 'root' && password === '123456') notify('warning', t('auth.login.rootWarning'));
      else notify('success', t('auth.login.success'));
      void navigate('/token');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <AuthCard title={t('auth.login.title')}>
      {params.get('expired') === 'true' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('auth.login.expired')}
        </Alert>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextInput
            label={t('auth.fields.username_or_email')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextInput
            label={t('auth.fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {needsTurnstile && <Turnstile siteKey={status.turnstile_site_key} onToken={setTurnstile} />}
          <FormError message={error} />
          <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2, fontSize: 14 }}>
        <MuiLink component={Link} to="/reset">
          {t('auth.login.forgot')}
        </MuiLink>
        <MuiLink component={Link} to="/register">
          {t('auth.login.toRegister')}
        </MuiLink>
      </Stack>
      <ThirdPartyLogin status={status} turnstile={turnstile} />
    </AuthCard>
  );
}
