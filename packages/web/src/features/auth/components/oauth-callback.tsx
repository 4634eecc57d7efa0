import { Alert } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useOAuthCallback } from '../api/mutations';
import { AuthCard } from './auth-card';

/**
 * `/oauth/{github,linuxdo}?code&state` (spec §2): a bind answer goes to /setting, login data is stored and
 * goes to /token, a failure shows the message then goes to /setting.
 */
export function OAuthCallback({ provider }: { provider: 'github' | 'linuxdo' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const callback = useOAuthCallback();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    callback
      .mutateAsync({ provider, code: params.get('code') ?? '', state: params.get('state') ?? '' })
      .then((result) => {
        if (result.action === 'bind') {
          notify('success', t('auth.oauth.bound'));
          void navigate('/setting');
        } else {
          notify('success', t('auth.login.success'));
          void navigate('/token');
        }
      })
      .catch((e: unknown) => {
        const message = errorMessage(e);
        setError(message);
        notify('error', message);
        setTimeout(() => void navigate('/setting'), 1500);
      });
  }, [callback, navigate, params, provider, t]);

  return (
    <AuthCard title={t('auth.oauth.title')}>
      {error ? <Alert severity="error">{error}</Alert> : <Loading />}
    </AuthCard>
  );
}

export const GithubCallback = () => <OAuthCallback provider="github" />;
export const LinuxdoCallback = () => <OAuthCallback provider="linuxdo" />;
