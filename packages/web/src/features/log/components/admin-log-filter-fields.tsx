import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  username: string;
  channel: string;
  onChange(field: 'username' | 'channel', value: string): void;
}

/** The filters only admins get (spec §6): one user by name, one channel by id. */
export function AdminLogFilterFields({ username, channel, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('logAdmin.username')}
        name="username"
        value={username}
        onChange={(e) => onChange('username', e.target.value)}
      />
      <TextField
        label={t('logAdmin.channelId')}
        name="channel"
        value={channel}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        onChange={(e) => onChange('channel', e.target.value.replace(/\D/g, ''))}
      />
    </>
  );
}
