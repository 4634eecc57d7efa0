import type { DrawingTask } from '@switchboard/sdk';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, pagerProps } from '../../../components/data-table';
import { ChannelIdField } from '../../../components/channel-id-field';
import { FailReasonButton } from '../../../components/fail-reason-button';
import { formatTime } from '../../../lib/format';
import { useStatus } from '../../../lib/status';
import { isAdmin, useUser } from '../../../lib/session';
import { useTableState } from '../../../lib/url-state';
import { MJ_FILTERS } from '../api/keys';
import { useDrawings } from '../api/queries';

/** The proxy's buttons (U1…, 🔄, V1…) as stored: a JSON list; what a broken one holds is shown as nothing. */
export function buttonLabels(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored || '[]');
    if (!Array.isArray(list)) return [];
    return list
      .map((b: unknown) => {
        const o = b && typeof b === 'object' ? (b as Record<string, unknown>) : {};
        const label = typeof o.label === 'string' ? o.label : '';
        const emoji = typeof o.emoji === 'string' ? o.emoji : '';
        return [emoji, label].filter(Boolean).join(' ');
      })
      .filter(Boolean);
  } catch {
    return [];
  }
}

const STATUS_COLOR: Record<string, 'success' | 'error' | 'info' | 'default'> = {
  SUCCESS: 'success',
  FAILURE: 'error',
  IN_PROGRESS: 'info',
  SUBMITTED: 'info',
};

export function MidjourneyList() {
  const { t } = useTranslation();
  const status = useStatus();
  const table = useTableState('midjourney', MJ_FILTERS);
  // Admins see every user's tasks, with channel and user columns and a channel filter (spec §6).
  const admin = isAdmin(useUser());
  const drawings = useDrawings(table.filters, table.page, admin);
  const [channelId, setChannelId] = useState(table.filters.channel_id);
  const [mjId, setMjId] = useState(table.filters.mj_id);
  const columns: Column<DrawingTask>[] = [
    {
      field: 'submit_time',
      header: t('midjourney.fields.submit_time'),
      render: (r) => formatTime(Math.floor(r.submit_time / 1000)),
      width: 165,
    },
    ...(admin
      ? [
          {
            field: 'channel_id',
            header: t('midjourney.admin.channel'),
            render: (r: DrawingTask) => r.channel_id || '-',
            width: 80,
          },
          {
            field: 'user_id',
            header: t('midjourney.admin.user'),
            render: (r: DrawingTask) => r.user_id || '-',
            width: 80,
          },
        ]
      : []),
    {
      field: 'action',
      header: t('midjourney.fields.action'),
      render: (r) => <Chip label={r.action} variant="outlined" />,
      width: 120,
    },
    { field: 'mj_id', header: t('midjourney.fields.mj_id'), render: (r) => r.mj_id, flex: 1 },
    {
      field: 'code',
      header: t('midjourney.fields.code'),
      render: (r) => t(`midjourney.codes.${r.code}`, { defaultValue: String(r.code) }),
      width: 100,
    },
    {
      field: 'status',
      header: t('midjourney.fields.status'),
      render: (r) => (
        <Chip color={STATUS_COLOR[r.status] ?? 'default'} label={r.status || t('midjourney.submitting')} />
      ),
      width: 120,
    },
    { field: 'progress', header: t('midjourney.fields.progress'), render: (r) => r.progress, width: 80 },
    {
      field: 'image_url',
      header: t('midjourney.fields.image_url'),
      render: (r) =>
        r.image_url ? (
          <Box component="a" href={r.image_url} target="_blank" rel="noreferrer">
            <Box
              component="img"
              src={r.image_url}
              alt={r.mj_id}
              loading="lazy"
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          </Box>
        ) : (
          '-'
        ),
      width: 90,
    },
    {
      field: 'buttons',
      header: t('midjourney.fields.buttons'),
      render: (r) => {
        const labels = buttonLabels(r.buttons ?? '');
        return labels.length ? (
          <Box data-testid="mj-buttons" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {labels.map((label, i) => (
              <Chip key={i} size="small" variant="outlined" label={label} />
            ))}
          </Box>
        ) : (
          '-'
        );
      },
      width: 180,
    },
    { field: 'prompt', header: t('midjourney.fields.prompt'), render: (r) => r.prompt, flex: 1.5 },
    {
      field: 'fail_reason',
      header: t('midjourney.fields.fail_reason'),
      render: (r) => <FailReasonButton reason={r.fail_reason} />,
      width: 110,
    },
  ];
  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters({ mj_id: mjId.trim(), channel_id: admin ? channelId.trim() : '' });
  };
  return (
    <Stack spacing={2}>
      {status && !status.mj_notify_enabled && <Alert severity="info">{t('midjourney.callbackOff')}</Alert>}
      <Paper
        component="form"
        onSubmit={search}
        sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h1" sx={{ mr: 2 }}>
          {t('midjourney.title')}
        </Typography>
        <TextField
          label={t('midjourney.fields.mj_id')}
          value={mjId}
          onChange={(e) => setMjId(e.target.value)}
          sx={{ maxWidth: 260 }}
        />
        {admin && (
          <ChannelIdField label={t('midjourney.admin.channelId')} value={channelId} onChange={setChannelId} />
        )}
        <Button type="submit" variant="outlined">
          {t('common.actions.search')}
        </Button>
      </Paper>
      <DataTable
        rows={drawings.data?.items ?? []}
        columns={columns}
        {...pagerProps(table, drawings)}
        // The server pages these lists at its own fixed size.
        pageSize={drawings.data?.pageSize ?? 10}
      />
    </Stack>
  );
}
