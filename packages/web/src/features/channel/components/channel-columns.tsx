import { CHANNEL_TYPES, splitList } from '@switchboard/sdk';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatQuota, formatTime } from '../../../lib/format';
import type { InlineField } from '../lib/inline-rules';
import type { ListRow } from '../lib/tag-rows';
import { InlineNumber } from './inline-number';
import { ResponseTimeChip } from './response-time-chip';
import { ChannelStatusChip } from './status-chip';

interface Handlers {
  onInline(row: ListRow, field: InlineField, value: number): void;
  onBalance(id: number): void;
}

const typeName = (type: number) => CHANNEL_TYPES[type as keyof typeof CHANNEL_TYPES] ?? String(type);

function Groups({ group }: { group: string }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {splitList(group).map((g) => (
        <Chip key={g} size="small" variant="outlined" label={g} />
      ))}
    </Stack>
  );
}

/** The channel list's columns; tag rows show their aggregates (spec §4) in the same cells. */
export function channelColumns(t: TFunction, h: Handlers): Column<ListRow>[] {
  return [
    {
      field: 'id',
      header: t('channel.fields.id'),
      width: 70,
      render: (row) =>
        row.kind === 'tag' ? (
          <Chip size="small" color="primary" label={t('channel.tag.label')} />
        ) : (
          <Box sx={{ pl: row.parentTag ? 2 : 0 }}>{row.id}</Box>
        ),
    },
    {
      field: 'name',
      header: t('channel.fields.name'),
      flex: 1.3,
      render: (row) =>
        row.kind === 'tag' ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('channel.tag.name', { tag: row.tag, count: row.channels.length })}
          </Typography>
        ) : (
          <Box>
            <Typography variant="body2">{row.channel.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {typeName(row.channel.type)}
              {row.channel.tag && !row.parentTag && ` · ${t('channel.tag.label')}: ${row.channel.tag}`}
            </Typography>
          </Box>
        ),
    },
    {
      field: 'group',
      header: t('channel.fields.groups'),
      flex: 1,
      render: (row) => <Groups group={row.kind === 'tag' ? row.group : row.channel.group} />,
    },
    {
      // Status and the last test's latency share a column so the row's actions fit beside them.
      field: 'status',
      header: `${t('channel.fields.status')} / ${t('channel.fields.response_time')}`,
      width: 110,
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {row.kind === 'tag' ? (
            <ChannelStatusChip status={row.status} />
          ) : (
            <ChannelStatusChip status={row.channel.status} otherInfo={row.channel.other_info} />
          )}
          {row.kind === 'tag' ? (
            <ResponseTimeChip ms={row.response_time} />
          ) : (
            <ResponseTimeChip ms={row.channel.response_time} testTime={row.channel.test_time} />
          )}
        </Stack>
      ),
    },
    {
      field: 'balance',
      header: t('channel.fields.balance'),
      width: 130,
      render: (row) => {
        if (row.kind === 'tag')
          return (
            <Box>
              <div>{t('channel.list.used', { amount: formatQuota(row.used_quota) })}</div>
            </Box>
          );
        const c = row.channel;
        return (
          <Box>
            <div>{t('channel.list.used', { amount: formatQuota(c.used_quota) })}</div>
            <Link
              component="button"
              variant="body2"
              title={
                c.balance_updated_time
                  ? t('channel.list.balanceAt', { time: formatTime(c.balance_updated_time) })
                  : t('channel.list.balanceClick')
              }
              onClick={() => h.onBalance(c.id)}
            >
              {t('channel.list.balance', { amount: `$${c.balance.toFixed(2)}` })}
            </Link>
          </Box>
        );
      },
    },
    {
      field: 'priority',
      header: t('channel.fields.priority'),
      width: 84,
      render: (row) => (
        <InlineNumber
          field="priority"
          label={t('channel.fields.priority')}
          value={row.kind === 'tag' ? row.priority : row.channel.priority}
          placeholder={row.kind === 'tag' && row.priority === null ? t('channel.tag.mixed') : undefined}
          onCommit={(v) => h.onInline(row, 'priority', v)}
        />
      ),
    },
    {
      field: 'weight',
      header: t('channel.fields.weight'),
      width: 84,
      render: (row) => (
        <InlineNumber
          field="weight"
          label={t('channel.fields.weight')}
          value={row.kind === 'tag' ? row.weight : row.channel.weight}
          placeholder={row.kind === 'tag' && row.weight === null ? t('channel.tag.mixed') : undefined}
          onCommit={(v) => h.onInline(row, 'weight', v)}
        />
      ),
    },
  ];
}
