import type { Channel } from '@switchboard/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import {
  useEditTag,
  useInlineEdit,
  useTagStatus,
  useUpdateBalance,
  type useDeleteChannels,
  type useSetStatus,
} from '../api/mutations';
import type { InlineField } from '../lib/inline-rules';
import type { ListRow, TagRow } from '../lib/tag-rows';
import { ChannelRowActions, TagRowActions } from './row-actions';
import { channelNames, type ChannelListDialogs } from './use-channel-list-dialogs';
import { useQuickTest } from './use-quick-test';

interface Deps {
  dialogs: ChannelListDialogs;
  /** The list's own, shared with the bulk bar (whose buttons wait while a row's change is under way). */
  setStatus: ReturnType<typeof useSetStatus>;
  remove: ReturnType<typeof useDeleteChannels>;
}

/**
 * What a row of the channel list does: its action buttons (a channel's, or a tag's on behalf of all its
 * channels), its inline priority and weight edits, its balance refresh, and which tags are expanded.
 */
export function useChannelRowActions({ dialogs, setStatus, remove }: Deps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const quickTest = useQuickTest();
  const tagStatus = useTagStatus();
  const inlineSaved = {
    onError: (e: Error) => notify('error', errorMessage(e)),
    onSuccess: () => notify('success', t('channel.list.saved')),
  };
  const editTag = useEditTag(inlineSaved);
  const inline = useInlineEdit(inlineSaved);
  const balance = useUpdateBalance({
    onSuccess: (usd) => notify('success', t('channel.list.balanceUpdated', { amount: `$${usd.toFixed(2)}` })),
  });

  const onInline = (row: ListRow, field: InlineField, value: number) => {
    if (row.kind === 'tag') {
      dialogs.confirm({
        title: t('channel.tag.inlineConfirm', {
          field: t(`channel.fields.${field}`),
          value,
          count: row.channels.length,
        }),
        body: channelNames(row.channels),
        run: () => editTag.mutate({ tag: row.tag, params: { [field]: value } }),
      });
      return;
    }
    inline.mutate({ id: row.id, field, value: String(value) });
  };

  const onBalance = (id: number) => balance.mutate(id);

  const toggle = (tag: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(tag)) next.delete(tag);
      else next.add(tag);
      return next;
    });

  const tagActions = (row: TagRow) => (
    <TagRowActions
      row={row}
      expanded={expanded.has(row.tag)}
      onToggle={() => toggle(row.tag)}
      onStatus={(enable) =>
        dialogs.confirm({
          title: t(enable ? 'channel.tag.enableConfirm' : 'channel.tag.disableConfirm', {
            tag: row.tag,
            count: row.channels.length,
          }),
          body: channelNames(row.channels),
          danger: !enable,
          run: () =>
            tagStatus.mutate(
              { tag: row.tag, enable },
              { onSuccess: () => notify('success', t('channel.list.saved')) },
            ),
        })
      }
      onEdit={() => dialogs.open({ kind: 'tagEdit', row })}
    />
  );

  const channelActions = (c: Channel) => (
    <ChannelRowActions
      channel={c}
      testing={quickTest.testing(c.id)}
      onTest={() => void quickTest.run(c)}
      onChooseModel={() => dialogs.open({ kind: 'testModels', channel: c })}
      onStatus={(enable) => setStatus.mutate({ ids: [c.id], status: enable ? 1 : 2 })}
      onEdit={() => navigate(`${paths.channel}/edit/${c.id}`)}
      onCopy={() => navigate(`${paths.channel}/add?copy=${c.id}`)}
      onBalance={() => onBalance(c.id)}
      onDelete={() =>
        dialogs.confirm({
          title: t('channel.list.deleteOne', { name: c.name }),
          danger: true,
          run: () =>
            remove.mutate([c.id], {
              onSuccess: () => notify('success', t('channel.list.deleted', { count: 1 })),
            }),
        })
      }
    />
  );

  return {
    expanded,
    onInline,
    onBalance,
    actions: (row: ListRow) => (row.kind === 'tag' ? tagActions(row) : channelActions(row.channel)),
  };
}
