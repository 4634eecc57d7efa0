import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format';
import { useChannelStat } from '../api/admin-queries';

interface Props {
  username: string;
  onUsername(username: string): void;
  start: number;
  end: number;
}

/**
 * The admin's view of the dashboard: narrow the charts to one user (blank: every user summed), and read
 * one channel's spend in the same window.
 */
export function AdminUsagePanel({ username, onUsername, start, end }: Props) {
  const { t } = useTranslation();
  const [user, setUser] = useState(username);
  const [channelDraft, setChannelDraft] = useState('');
  const [channel, setChannel] = useState(0);
  const stat = useChannelStat(channel, start, end);
  const applyUser = (e: FormEvent) => {
    e.preventDefault();
    onUsername(user.trim());
  };
  const applyChannel = (e: FormEvent) => {
    e.preventDefault();
    setChannel(Number(channelDraft) || 0);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Paper sx={{ p: 2 }} component="form" onSubmit={applyUser} data-testid="usage-by-user">
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('detail.admin.byUser')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={t('detail.admin.username')}
            name="username"
            value={user}
            placeholder={t('detail.admin.allUsers')}
            slotProps={{ inputLabel: { shrink: true } }}
            onChange={(e) => setUser(e.target.value)}
          />
          <Button type="submit" variant="outlined">
            {t('common.actions.search')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {username ? t('detail.admin.showingUser', { username }) : t('detail.admin.showingAll')}
        </Typography>
      </Paper>
      <Paper sx={{ p: 2 }} component="form" onSubmit={applyChannel} data-testid="usage-by-channel">
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('detail.admin.byChannel')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={t('detail.admin.channelId')}
            name="channel"
            value={channelDraft}
            onChange={(e) => setChannelDraft(e.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" variant="outlined">
            {t('common.actions.search')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="channel-usage">
          {channel > 0 && stat.data
            ? t('detail.admin.channelUsage', { channel, quota: formatQuota(stat.data.quota) })
            : t('detail.admin.channelHint')}
        </Typography>
      </Paper>
    </Box>
  );
}
