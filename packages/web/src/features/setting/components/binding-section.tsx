import { RESEND_COUNTDOWN_S, type User } from '@switchboard/sdk';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldWithButton } from '../../../components/field-with-button';
import { FormError } from '../../../components/form-error';
import { TelegramLogin } from '../../../components/telegram-login';
import { WeChatCodeDialog } from '../../../components/wechat-code-dialog';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { authorizeUrl, type OAuthProvider } from '../../../lib/oauth-urls';
import { useStatus } from '../../../lib/status';
import { useCountdown } from '../../../lib/use-countdown';
import { useBindEmail, useBindState, useBindWeChat, useSendEmailCode } from '../api/mutations';
import { useTelegramBindNonce } from '../api/queries';
import { validateEmailBind } from '../validation';
import { Section } from './section';

const TELEGRAM_BIND = '/api/oauth/telegram/bind';

/**
 * Where the widget sends the browser back from telegram.org, with its signed data appended. That navigation
 * comes from another site, so the SameSite=Strict session cookie stays behind: the nonce names the session.
 */
const telegramBindUrl = (nonce: string) =>
  `${window.location.origin}${TELEGRAM_BIND}?bind_nonce=${encodeURIComponent(nonce)}`;

/**
 * Bound identities; binding GitHub, Linux DO, WeChat and Telegram when the site enables them (as new-api's
 * personal settings do); email binding with a 30 s resend countdown.
 */
export function BindingSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const status = useStatus();
  const send = useSendEmailCode();
  const bind = useBindEmail();
  const bindWeChat = useBindWeChat();
  const bindState = useBindState();
  const [wechatOpen, setWechatOpen] = useState(false);
  const countdown = useCountdown(RESEND_COUNTDOWN_S);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const telegramBindable = Boolean(status?.telegram_oauth && !user.telegram_id);
  const bindNonce = useTelegramBindNonce(telegramBindable);
  const bound: Array<[string, string]> = [
    [t('setting.bindings.email'), user.email],
    ['GitHub', user.github_id],
    ['Linux DO', user.linux_do_id],
    [t('setting.bindings.wechat'), user.wechat_id],
    ['Telegram', user.telegram_id],
  ];
  const openProvider = async (provider: OAuthProvider) => {
    const value = await bindState.mutateAsync().catch(() => null);
    if (value === null || !status) return;
    const clientId = provider === 'github' ? status.github_client_id : status.linuxdo_client_id;
    window.open(authorizeUrl(provider, clientId, value), '_self');
  };
  const submitWeChat = async (code: string) => {
    await bindWeChat.mutateAsync(code);
    setWechatOpen(false);
    notify('success', t('setting.bindings.wechatBound'));
  };
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
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        {status?.github_oauth && !user.github_id && (
          <Button
            variant="outlined"
            disabled={bindState.isPending}
            onClick={() => void openProvider('github')}
          >
            {t('setting.bindings.bindGithub')}
          </Button>
        )}
        {status?.linuxdo_oauth && !user.linux_do_id && (
          <Button
            variant="outlined"
            disabled={bindState.isPending}
            onClick={() => void openProvider('linuxdo')}
          >
            {t('setting.bindings.bindLinuxdo')}
          </Button>
        )}
        {status?.wechat_login && (
          <Button variant="outlined" onClick={() => setWechatOpen(true)}>
            {user.wechat_id ? t('setting.bindings.rebindWechat') : t('setting.bindings.bindWechat')}
          </Button>
        )}
        {status && telegramBindable && bindNonce.data && (
          // The widget navigates here with its signed data; the server binds and redirects back to /setting.
          <TelegramLogin botName={status.telegram_bot_name} authUrl={telegramBindUrl(bindNonce.data)} />
        )}
      </Stack>
      {status?.wechat_login && (
        <WeChatCodeDialog
          open={wechatOpen}
          title={t('setting.bindings.wechatTitle')}
          submitLabel={t('setting.bindings.bindWechat')}
          qrcode={status.wechat_qrcode}
          pending={bindWeChat.isPending}
          onSubmit={submitWeChat}
          onClose={() => setWechatOpen(false)}
        />
      )}
      <Stack spacing={1}>
        <FieldWithButton
          label={t('setting.bindings.newEmail')}
          name="bind-email"
          value={email}
          onChange={setEmail}
          buttonLabel={
            countdown.left > 0
              ? t('setting.bindings.resendIn', { seconds: countdown.left })
              : t('setting.bindings.sendCode')
          }
          buttonMinWidth={110}
          disabled={countdown.left > 0 || !email.trim()}
          onClick={() => send.mutate(email.trim(), { onSuccess: () => countdown.start() })}
        />
        <FieldWithButton
          label={t('setting.bindings.code')}
          name="bind-code"
          value={code}
          onChange={setCode}
          buttonLabel={t('setting.bindings.bind')}
          variant="contained"
          disabled={bind.isPending}
          onClick={submit}
        />
        <FormError message={error} />
      </Stack>
    </Section>
  );
}
