import type { Status, TelegramAuthParams } from '@switchboard/sdk';
import ChatIcon from '@mui/icons-material/Chat';
import GitHubIcon from '@mui/icons-material/GitHub';
import { Box, Button, Divider, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TelegramLogin } from '../../../components/telegram-login';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { readItem, STORAGE_KEYS } from '../../../lib/storage';
import { useOAuthState, useTelegramLogin, useWeChatLogin } from '../api/mutations';
import { authorizeUrl, type OAuthProvider } from '../../../lib/oauth-urls';

// The dialog pulls in MUI's Modal; the login page loads it only when WeChat is chosen.
const WeChatCodeDialog = lazy(() =>
  import('../../../components/wechat-code-dialog').then((m) => ({ default: m.WeChatCodeDialog })),
);

interface ThirdPartyLoginProps {
  status: Status | undefined;
  /** The Turnstile token of the login page ('' while the widget has not answered). */
  turnstile: string;
}

/** Third-party login, each way only when enabled in status (spec §2); Turnstile-guarded like password login. */
export function ThirdPartyLogin({ status, turnstile }: ThirdPartyLoginProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useOAuthState();
  const wechat = useWeChatLogin();
  const telegram = useTelegramLogin();
  const [wechatOpen, setWechatOpen] = useState(false);
  if (
    !status ||
    !(status.github_oauth || status.linuxdo_oauth || status.wechat_login || status.telegram_oauth)
  )
    return null;

  // Same rule as the password form: with Turnstile on, nothing is sent before the widget has answered.
  const turnstilePending = () => {
    if (status.turnstile_check && !turnstile) {
      notify('info', t('auth.errors.turnstilePending'));
      return true;
    }
    return false;
  };

  const signedIn = () => {
    notify('success', t('auth.login.success'));
    void navigate('/');
  };

  const openProvider = async (provider: OAuthProvider) => {
    if (turnstilePending()) return;
    const aff = readItem(STORAGE_KEYS.affCode) ?? undefined;
    // A refusal (e.g. Turnstile failed) is shown by the query client's notifier.
    const value = await state.mutateAsync({ aff, turnstile }).catch(() => null);
    if (value === null) return;
    const clientId = provider === 'github' ? status.github_client_id : status.linuxdo_client_id;
    window.open(authorizeUrl(provider, clientId, value), '_self');
  };

  const submitWeChat = async (code: string) => {
    if (turnstilePending()) return;
    await wechat.mutateAsync(code);
    setWechatOpen(false);
    signedIn();
  };

  const loginTelegram = (params: TelegramAuthParams) => {
    telegram.mutate(params, {
      onSuccess: signedIn,
      onError: (e) => notify('error', errorMessage(e)),
    });
  };

  return (
    <>
      <Divider sx={{ my: 2 }}>{t('auth.login.thirdParty')}</Divider>
      <Stack sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1 }} direction="row">
        {status.github_oauth && (
          <Button
            variant="outlined"
            startIcon={<GitHubIcon />}
            disabled={state.isPending}
            onClick={() => void openProvider('github')}
          >
            GitHub
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button variant="outlined" disabled={state.isPending} onClick={() => void openProvider('linuxdo')}>
            Linux DO
          </Button>
        )}
        {status.wechat_login && (
          <Button variant="outlined" startIcon={<ChatIcon />} onClick={() => setWechatOpen(true)}>
            {t('auth.login.wechat')}
          </Button>
        )}
      </Stack>
      {status.telegram_oauth && (
        <Box sx={{ mt: 1.5 }}>
          <TelegramLogin botName={status.telegram_bot_name} onAuth={loginTelegram} />
        </Box>
      )}
      {wechatOpen && (
        <Suspense>
          <WeChatCodeDialog
            open
            title={t('auth.login.wechatTitle')}
            submitLabel={t('auth.login.submit')}
            qrcode={status.wechat_qrcode}
            pending={wechat.isPending}
            onSubmit={submitWeChat}
            onClose={() => setWechatOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
