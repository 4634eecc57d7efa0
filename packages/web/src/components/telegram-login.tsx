import type { TelegramAuthParams } from '@switchboard/sdk';
import { Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

/** The fields the widget signs; anything else added to the query would break the server's hash check. */
const SIGNED_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'username',
  'photo_url',
  'auth_date',
  'hash',
] as const;

let nextCallback = 0;

/** Keeps only the widget's signed fields, skipping empty ones as the widget's own query does. */
export function telegramParams(user: Record<string, unknown>): TelegramAuthParams {
  const params: Record<string, string | number> = {};
  for (const field of SIGNED_FIELDS) {
    const value = user[field];
    if (typeof value === 'string' || typeof value === 'number') if (value !== '') params[field] = value;
  }
  return params as unknown as TelegramAuthParams;
}

type TelegramLoginProps =
  /** Login: the widget hands the signed data to this callback. */
  | { botName: string; onAuth(params: TelegramAuthParams): void; authUrl?: never }
  /** Bind: the widget navigates the browser to this URL with the signed data as the query. */
  | { botName: string; authUrl: string; onAuth?: never };

/**
 * The Telegram login widget. Its script comes from telegram.org, so it is injected only once mounted in a
 * browser; when it cannot load (offline, blocked, tests) a line of text says so instead of an empty gap.
 */
export function TelegramLogin({ botName, onAuth, authUrl }: TelegramLoginProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback, so a re-render does not reload the widget.
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;
  const isBind = authUrl !== undefined;

  useEffect(() => {
    const container = ref.current;
    if (!container || !botName) return;
    setFailed(false);
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    // The widget evaluates data-onauth as code, so the callback has to be reachable by a global name.
    const callback = `swbTelegramAuth${++nextCallback}`;
    const globals = window as unknown as Record<string, unknown>;
    if (isBind) script.setAttribute('data-auth-url', authUrl);
    else {
      globals[callback] = (user: Record<string, unknown>) => onAuthRef.current?.(telegramParams(user));
      script.setAttribute('data-onauth', `${callback}(user)`);
    }
    script.onerror = () => setFailed(true);
    container.appendChild(script);
    return () => {
      delete globals[callback];
      container.replaceChildren();
    };
  }, [botName, authUrl, isBind]);

  // Without a bot name the widget cannot work at all.
  const unavailable = failed || !botName;
  return (
    <Box data-testid="telegram-login" sx={{ display: 'flex', justifyContent: 'center' }}>
      <Box ref={ref} sx={{ display: unavailable ? 'none' : 'block' }} />
      {unavailable && (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('common.telegram.unavailable')}
        </Typography>
      )}
    </Box>
  );
}
