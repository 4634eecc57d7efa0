import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useStatus } from '../../../lib/status';
import { chatLinkUrl } from '../chat-url';
import { useChatKey } from './use-chat-target';

/** `/chat2link`: leaves for the external chat client (chat_link2) with the user's key. */
export function ChatToLink() {
  const { t } = useTranslation();
  const status = useStatus();
  const key = useChatKey();
  const link = status?.chat_link2 ?? '';
  useEffect(() => {
    if (link && key)
      window.location.href = chatLinkUrl(link, key, status?.server_address || window.location.origin);
  }, [link, key, status?.server_address]);
  if (status && !link) return <Alert severity="error">{t('chat.notConfigured')}</Alert>;
  return <Loading />;
}
