import { taskDurationBadge, type Task } from '@switchboard/sdk';
import { Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, pagerProps } from '../../../components/data-table';
import { ChannelIdField } from '../../../components/channel-id-field';
import { FailReasonButton } from '../../../components/fail-reason-button';
import { formatTime, fromDateTimeInput, toDateTimeInput } from '../../../lib/format';
import { isAdmin, useUser } from '../../../lib/session';
import { useTableState } from '../../../lib/url-state';
import { TASK_FILTERS } from '../api/keys';
import { useTasks } from '../api/queries';

const STATUS_COLOR: Record<string, 'success' | 'error' | 'info' | 'default'> = {
  SUCCESS: 'success',
  FAILURE: 'error',
  IN_PROGRESS: 'info',
  SUBMITTED: 'info',
  QUEUED: 'info',
};

export function TaskList() {
  const { t } = useTranslation();
  const table = useTableState('task', TASK_FILTERS);
  // Admins see every user's tasks, with channel and user columns and a channel filter (spec §6).
  const admin = isAdmin(useUser());
  const tasks = useTasks(table.filters, table.page, admin);
  const [channelId, setChannelId] = useState(table.filters.channel_id);
  const [taskId, setTaskId] = useState(table.filters.task_id);
  const [start, setStart] = useState(table.filters.start ? toDateTimeInput(Number(table.filters.start)) : '');
  const columns: Column<Task>[] = [
    {
      field: 'submit_time',
      header: t('task.fields.submit_time'),
      render: (r) => formatTime(r.submit_time),
      width: 165,
    },
    ...(admin
      ? [
          {
            field: 'channel_id',
            header: t('task.admin.channel'),
            render: (r: Task) => r.channel_id || '-',
            width: 80,
          },
          {
            field: 'user_id',
            header: t('task.admin.user'),
            render: (r: Task) => r.user_id || '-',
            width: 80,
          },
        ]
      : []),
    {
      field: 'finish_time',
      header: t('task.fields.finish_time'),
      render: (r) => formatTime(r.finish_time),
      width: 165,
    },
    {
      field: 'duration',
      header: t('task.fields.duration'),
      render: (r) => {
        if (!r.finish_time || !r.submit_time) return '-';
        const badge = taskDurationBadge(r.finish_time - r.submit_time);
        return (
          <Chip
            color={badge.color === 'red' ? 'error' : 'success'}
            variant="outlined"
            label={`${badge.text} s`}
          />
        );
      },
      width: 100,
    },
    { field: 'platform', header: t('task.fields.platform'), render: (r) => r.platform, width: 90 },
    { field: 'action', header: t('task.fields.action'), render: (r) => r.action, width: 90 },
    { field: 'task_id', header: t('task.fields.task_id'), render: (r) => r.task_id, flex: 1 },
    {
      field: 'status',
      header: t('task.fields.status'),
      render: (r) => (
        <Chip color={STATUS_COLOR[r.status] ?? 'default'} label={r.status || t('task.submitting')} />
      ),
      width: 120,
    },
    { field: 'progress', header: t('task.fields.progress'), render: (r) => r.progress, width: 80 },
    {
      field: 'fail_reason',
      header: t('task.fields.fail_reason'),
      render: (r) => <FailReasonButton reason={r.fail_reason} />,
      width: 110,
    },
  ];
  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters({
      task_id: taskId.trim(),
      channel_id: admin ? channelId.trim() : '',
      start: String(fromDateTimeInput(start) ?? ''),
    });
  };
  return (
    <Stack spacing={2}>
      <Paper
        component="form"
        onSubmit={search}
        sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h1" sx={{ mr: 2 }}>
          {t('task.title')}
        </Typography>
        <TextField
          label={t('task.fields.task_id')}
          value={taskId}
          onChange={(e) => setTaskId(e.target.value)}
          sx={{ maxWidth: 240 }}
        />
        <TextField
          type="datetime-local"
          label={t('task.start')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 240 }}
        />
        {admin && (
          <ChannelIdField label={t('task.admin.channelId')} value={channelId} onChange={setChannelId} />
        )}
        <Button type="submit" variant="outlined">
          {t('common.actions.search')}
        </Button>
      </Paper>
      <DataTable
        rows={tasks.data?.items ?? []}
        columns={columns}
        {...pagerProps(table, tasks)}
        // The server pages these lists at its own fixed size.
        pageSize={tasks.data?.pageSize ?? 10}
      />
    </Stack>
  );
}
