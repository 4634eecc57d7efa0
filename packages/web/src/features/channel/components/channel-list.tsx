import type { Channel } from '@switchboard/sdk';
import { Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useTableState } from '../../../lib/url-state';
import { useDeleteChannels, useSetStatus } from '../api/mutations';
import { useChannels } from '../api/queries';
import { withExpanded, type ListRow } from '../lib/tag-rows';
import { ChannelBulkActions } from './channel-bulk-actions';
import { channelColumns } from './channel-columns';
import { CHANNEL_FILTERS, ChannelFilters } from './channel-filters';
import { ChannelListDialogs } from './channel-list-dialogs';
import { ChannelListToolbar } from './channel-list-toolbar';
import { useChannelListDialogs } from './use-channel-list-dialogs';
import { useChannelRowActions } from './use-channel-row-actions';

/**
 * `/channel`: the admin's channel list (spec §2), with tag mode, inline edits, tests and bulk actions. Its
 * parts each have a file: filters, toolbar, bulk actions, row actions, and the dialogs they open.
 */
export function ChannelList() {
  const { t } = useTranslation();
  const table = useTableState('channel', CHANNEL_FILTERS);
  const f = table.filters;
  const channels = useChannels({
    page: table.page,
    pageSize: table.pageSize,
    keyword: f.keyword,
    group: f.group,
    model: f.model,
    idSort: f.id_sort === '1',
    tagMode: f.tag_mode === '1',
  });
  const [selected, setSelected] = useState<Array<number | string>>([]);
  const clearSelection = () => setSelected([]);
  const dialogs = useChannelListDialogs();
  // Shared by the rows and the bulk bar: the bulk buttons wait while a row's change is under way.
  const setStatus = useSetStatus();
  const remove = useDeleteChannels();
  const rowActions = useChannelRowActions({ dialogs, setStatus, remove });

  const data = channels.data;
  const rows = withExpanded(data?.rows ?? [], rowActions.expanded);
  const byId = new Map((data?.channels ?? []).map((c) => [c.id, c]));
  const selectedChannels = selected.map((id) => byId.get(Number(id))).filter((c): c is Channel => Boolean(c));

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <ChannelFilters table={table} onFlag={clearSelection}>
          <ChannelListToolbar dialogs={dialogs} />
        </ChannelFilters>
      </Paper>
      {selectedChannels.length > 0 && (
        <ChannelBulkActions
          selected={selectedChannels}
          setStatus={setStatus}
          remove={remove}
          dialogs={dialogs}
          clearSelection={clearSelection}
        />
      )}
      <DataTable<ListRow>
        testId="channel-table"
        rows={rows}
        columns={channelColumns(t, { onInline: rowActions.onInline, onBalance: rowActions.onBalance })}
        loading={channels.isFetching}
        page={table.page}
        pageSize={table.pageSize}
        total={data?.total}
        hasNext={data?.hasNext ?? false}
        onPage={(p) => {
          clearSelection();
          table.setPage(p);
        }}
        onPageSize={table.setPageSize}
        selectable
        selected={selected}
        onSelect={setSelected}
        isRowSelectable={(row) => row.kind === 'channel'}
        actions={rowActions.actions}
      />
      <ChannelListDialogs dialogs={dialogs} onTagged={clearSelection} />
    </Stack>
  );
}
