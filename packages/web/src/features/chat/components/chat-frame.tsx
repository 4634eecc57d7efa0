import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useStatus } from '../../../lib/status';
import { chatLinkUrl, fillChatTemplate } from '../chat-url';
import { useChatKey } from './use-chat-target';

/** `/chat/{id}`: the id-th stored chat client (or chat_link) in a frame, opened with the user's key. */
export function ChatFrame() {
  const { t } = useTranslation();
  const { id } = useParams();
  const status = useStatus();
  const key = useChatKey();
  if (!status || key === undefined) return <Loading />;
  if (key === null) return <Alert severity="warning">{t('chat.noToken')}</Alert>;
  const address = status.server_address || window.location.origin;
  let url: string | null = null;
  if (status.chat_link) url = chatLinkUrl(status.chat_link, key, address);
  else {
    const chat = status.chats[Number(id ?? 0)];
    const template = chat ? Object.values(chat)[0] : undefined;
    if (template) url = fillChatTemplate(template, key, address);
  }
  if (!url)
    return (
      <Alert severity="error">{status.chats.length ? t('chat.configError') : t('chat.notConfigured')}</Alert>
    );
  return (
    <Box
      component="iframe"
      src={url}
      title="chat"
      sx={{ border: 0, width: '100%', height: 'calc(100vh - 160px)' }}
    />
  );
}
