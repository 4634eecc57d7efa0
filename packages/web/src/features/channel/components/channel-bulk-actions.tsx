import type { Channel } from '@switchboard/sdk';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { useDeleteChannels, useSetStatus } from '../api/mutations';
import { BulkBar } from './bulk-bar';
import { channelNames, type ChannelListDialogs } from './use-channel-list-dialogs';

interface Props {
  selected: Channel[];
  /** The list's own: a row's enable, disable or delete under way also holds the bulk buttons. */
  setStatus: ReturnType<typeof useSetStatus>;
  remove: ReturnType<typeof useDeleteChannels>;
  dialogs: ChannelListDialogs;
  clearSelection(): void;
}

/** What can be done to the selected channels at once; each asks first, naming them. */
export function ChannelBulkActions({ selected, setStatus, remove, dialogs, clearSelection }: Props) {
  const { t } = useTranslation();

  const bulkStatus = (enable: boolean) =>
    dialogs.confirm({
      title: t(enable ? 'channel.bulk.enableConfirm' : 'channel.bulk.disableConfirm', {
        count: selected.length,
      }),
      body: channelNames(selected),
      danger: !enable,
      run: () =>
        setStatus.mutate(
          { ids: selected.map((c) => c.id), status: enable ? 1 : 2 },
          {
            onSuccess: (n) => {
              notify('success', t(enable ? 'channel.bulk.enabled' : 'channel.bulk.disabled', { count: n }));
              clearSelection();
            },
          },
        ),
    });

  const bulkDelete = () =>
    dialogs.confirm({
      title: t('channel.bulk.deleteConfirm', { count: selected.length }),
      body: channelNames(selected),
      danger: true,
      run: () =>
        remove.mutate(
          selected.map((c) => c.id),
          {
            onSuccess: (n) => {
              notify('success', t('channel.list.deleted', { count: n }));
              clearSelection();
            },
          },
        ),
    });

  return (
    <BulkBar
      count={selected.length}
      busy={setStatus.isPending || remove.isPending}
      onEnable={() => bulkStatus(true)}
      onDisable={() => bulkStatus(false)}
      onSetTag={() => dialogs.open({ kind: 'setTag', channels: selected })}
      onTest={() => dialogs.open({ kind: 'testRun', channels: selected })}
      onDelete={bulkDelete}
      onClear={clearSelection}
    />
  );
}
