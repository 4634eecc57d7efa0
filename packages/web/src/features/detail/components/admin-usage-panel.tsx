import { Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsageByChannel, useUsageByUser } from '../api/admin-queries';
import { UsageRankTable } from './usage-rank-table';

interface Props {
  username: string;
  onUsername(username: string): void;
  start: number;
  end: number;
}

/**
 * The admin's view of the dashboard: the window's consumption ranked by user and by channel, and the
 * charts narrowed to one user (picked from the ranking or typed; blank is every user summed).
 */
export function AdminUsagePanel({ username, onUsername, start, end }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(username);
  const byUser = useUsageByUser(start, end);
  const byChannel = useUsageByChannel(start, end);
  const pick = (name: string) => {
    setDraft(name);
    onUsername(name);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onUsername(draft.trim());
  };
  return (
    <Stack spacing={2}>
      <Paper
        sx={{ p: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        component="form"
        onSubmit={apply}
      >
        <TextField
          label={t('detail.admin.username')}
          name="username"
          value={draft}
          placeholder={t('detail.admin.allUsers')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 220 }}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="outlined">
          {t('common.actions.search')}
        </Button>
        {username && <Button onClick={() => pick('')}>{t('detail.admin.clearUser')}</Button>}
        <Typography variant="body2" color="text.secondary" data-testid="usage-scope">
          {username ? t('detail.admin.showingUser', { username }) : t('detail.admin.showingAll')}
        </Typography>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <UsageRankTable
          title={t('detail.admin.byUser')}
          nameHeader={t('detail.admin.username')}
          loading={byUser.isPending}
          testId="usage-by-user"
          rows={(byUser.data ?? []).map((u) => ({
            key: u.user_id,
            label: (
              <Link component="button" type="button" underline="hover" onClick={() => pick(u.username)}>
                {u.username || `#${u.user_id}`}
              </Link>
            ),
            quota: u.quota,
            count: u.count,
            tokens: u.token_used,
          }))}
        />
        <UsageRankTable
          title={t('detail.admin.byChannel')}
          nameHeader={t('detail.admin.channel')}
          loading={byChannel.isPending}
          testId="usage-by-channel"
          rows={(byChannel.data ?? []).map((c) => ({
            key: c.channel_id,
            label: c.channel_name ? `#${c.channel_id} ${c.channel_name}` : `#${c.channel_id}`,
            quota: c.quota,
            count: c.count,
            tokens: c.token_used,
          }))}
        />
      </Box>
    </Stack>
  );
}
