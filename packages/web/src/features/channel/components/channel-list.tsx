import type { Channel } from '@switchboard/sdk';
import {
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/search-form';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useTableState } from '../../../lib/url-state';
import {
  useDeleteChannels,
  useEditTag,
  useFixAbilities,
  useInlineEdit,
  useSetStatus,
  useTagStatus,
  useTestChannel,
  useUpdateAllBalances,
  useUpdateBalance,
} from '../api/mutations';
import { useChannels, useEnabledModels, useGroups } from '../api/queries';
import type { InlineField } from '../lib/inline-rules';
import { withExpanded, type ListRow, type TagRow } from '../lib/tag-rows';
import { BulkBar } from './bulk-bar';
import { channelColumns } from './channel-columns';
import { DeleteDisabledDialog } from './delete-disabled-dialog';
import { ChannelRowActions, TagRowActions } from './row-actions';
import { SetTagDialog } from './set-tag-dialog';
import { TagEditDialog } from './tag-edit-dialog';
import { TestDialog } from './test-dialog';
import { TestRunDialog } from './test-run-dialog';

const FILTERS = ['keyword', 'group', 'model', 'tag_mode', 'id_sort'] as const;

interface Confirm {
  title: string;
  body?: ReactNode;
  danger?: boolean;
  run(): void;
}

/** `/channel`: the admin's channel list (spec §2), with tag mode, inline edits, tests and bulk actions. */
export function ChannelList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const table = useTableState('channel', FILTERS);
  const f = table.filters;
  const query = {
    page: table.page,
    pageSize: table.pageSize,
    keyword: f.keyword,
    group: f.group,
    model: f.model,
    idSort: f.id_sort === '1',
    tagMode: f.tag_mode === '1',
  };
  const channels = useChannels(query);
  const groups = useGroups();
  const enabledModels = useEnabledModels();
  const [keyword, setKeyword] = useState(f.keyword);
  const [group, setGroup] = useState(f.group);
  const [model, setModel] = useState(f.model);
  const [selected, setSelected] = useState<Array<number | string>>([]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [testing, setTesting] = useState<Channel | null>(null);
  const [testingIds, setTestingIds] = useState<Set<number>>(new Set());
  const [testRun, setTestRun] = useState<{ channels?: Channel[] } | null>(null);
  const [tagEditing, setTagEditing] = useState<TagRow | null>(null);
  const [tagging, setTagging] = useState<Channel[] | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [deletingDisabled, setDeletingDisabled] = useState(false);

  const setStatus = useSetStatus();
  const tagStatus = useTagStatus();
  const inlineSaved = {
    onError: (e: Error) => notify('error', errorMessage(e)),
    onSuccess: () => notify('success', t('channel.list.saved')),
  };
  const editTag = useEditTag(inlineSaved);
  const inline = useInlineEdit(inlineSaved);
  const remove = useDeleteChannels();
  const fix = useFixAbilities();
  const balance = useUpdateBalance({
    onSuccess: (usd) => notify('success', t('channel.list.balanceUpdated', { amount: `$${usd.toFixed(2)}` })),
  });
  const allBalances = useUpdateAllBalances({
    onSuccess: () => notify('success', t('channel.list.balancesUpdated')),
  });
  const test = useTestChannel();

  const data = channels.data;
  const rows = withExpanded(data?.rows ?? [], expanded);
  const byId = new Map((data?.channels ?? []).map((c) => [c.id, c]));
  const selectedChannels = selected.map((id) => byId.get(Number(id))).filter((c): c is Channel => Boolean(c));
  const clearSelection = () => setSelected([]);
  const names = (list: Channel[]) => list.map((c) => `#${c.id} ${c.name}`).join(', ');

  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters({ keyword: keyword.trim(), group, model: model.trim() });
  };
  const toggleFlag = (name: 'tag_mode' | 'id_sort', on: boolean) => {
    clearSelection();
    table.setFilters({ [name]: on ? '1' : '' });
  };

  const testOne = async (channel: Channel) => {
    setTestingIds((s) => new Set(s).add(channel.id));
    try {
      const result = await test.mutateAsync({ id: channel.id });
      if (result.success)
        notify('success', t('channel.test.passed', { name: channel.name, seconds: result.time.toFixed(2) }));
      else notify('error', t('channel.test.failed', { name: channel.name, message: result.message }));
    } catch (e) {
      notify('error', t('channel.test.failed', { name: channel.name, message: errorMessage(e) }));
    } finally {
      setTestingIds((s) => {
        const next = new Set(s);
        next.delete(channel.id);
        return next;
      });
    }
  };

  const onInline = (row: ListRow, field: InlineField, value: number) => {
    if (row.kind === 'tag') {
      setConfirm({
        title: t('channel.tag.inlineConfirm', {
          field: t(`channel.fields.${field}`),
          value,
          count: row.channels.length,
        }),
        body: names(row.channels),
        run: () => editTag.mutate({ tag: row.tag, params: { [field]: value } }),
      });
      return;
    }
    inline.mutate({ id: row.id, field, value: String(value) });
  };

  const updateBalance = (id: number) => balance.mutate(id);

  const bulkStatus = (enable: boolean) => {
    const list = selectedChannels;
    setConfirm({
      title: t(enable ? 'channel.bulk.enableConfirm' : 'channel.bulk.disableConfirm', { count: list.length }),
      body: names(list),
      danger: !enable,
      run: () =>
        setStatus.mutate(
          { ids: list.map((c) => c.id), status: enable ? 1 : 2 },
          {
            onSuccess: (n) => {
              notify('success', t(enable ? 'channel.bulk.enabled' : 'channel.bulk.disabled', { count: n }));
              clearSelection();
            },
          },
        ),
    });
  };

  const columns = channelColumns(t, { onInline, onBalance: updateBalance });
  const actions = (row: ListRow) => {
    if (row.kind === 'tag')
      return (
        <TagRowActions
          row={row}
          expanded={expanded.has(row.tag)}
          onToggle={() =>
            setExpanded((s) => {
              const next = new Set(s);
              if (next.has(row.tag)) next.delete(row.tag);
              else next.add(row.tag);
              return next;
            })
          }
          onStatus={(enable) =>
            setConfirm({
              title: t(enable ? 'channel.tag.enableConfirm' : 'channel.tag.disableConfirm', {
                tag: row.tag,
                count: row.channels.length,
              }),
              body: names(row.channels),
              danger: !enable,
              run: () =>
                tagStatus.mutate(
                  { tag: row.tag, enable },
                  { onSuccess: () => notify('success', t('channel.list.saved')) },
                ),
            })
          }
          onEdit={() => setTagEditing(row)}
        />
      );
    const c = row.channel;
    return (
      <ChannelRowActions
        channel={c}
        testing={testingIds.has(c.id)}
        onTest={() => void testOne(c)}
        onChooseModel={() => setTesting(c)}
        onStatus={(enable) => setStatus.mutate({ ids: [c.id], status: enable ? 1 : 2 })}
        onEdit={() => navigate(`${paths.channel}/edit/${c.id}`)}
        onCopy={() => navigate(`${paths.channel}/add?copy=${c.id}`)}
        onBalance={() => updateBalance(c.id)}
        onDelete={() =>
          setConfirm({
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
  };

  const more = (label: string, run: () => void) => (
    <MenuItem
      onClick={() => {
        setMoreAnchor(null);
        run();
      }}
    >
      {label}
    </MenuItem>
  );

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <SearchForm title={t('channel.list.title')} onSubmit={search}>
          <TextField
            label={t('channel.list.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('channel.list.keywordHint')}
            sx={{ width: 220 }}
          />
          <TextField
            select
            label={t('channel.list.group')}
            value={group}
            onChange={(e) => setGroup(e.target.value)}
            sx={{ width: 150 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('channel.list.anyGroup')}</MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g} value={g}>
                {g}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            freeSolo
            options={enabledModels.data ?? []}
            inputValue={model}
            onInputChange={(_e, v) => setModel(v)}
            sx={{ width: 200 }}
            renderInput={(params) => <TextField {...params} label={t('channel.list.model')} />}
          />
          <Button type="submit" variant="outlined" data-testid="channel-search">
            {t('common.actions.search')}
          </Button>
          <FormControlLabel
            control={
              <Switch checked={query.tagMode} onChange={(e) => toggleFlag('tag_mode', e.target.checked)} />
            }
            label={t('channel.list.tagMode')}
          />
          <FormControlLabel
            control={
              <Switch checked={query.idSort} onChange={(e) => toggleFlag('id_sort', e.target.checked)} />
            }
            label={t('channel.list.idSort')}
          />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            onClick={() => navigate(`${paths.channel}/add`)}
            data-testid="add-channel"
          >
            {t('channel.list.add')}
          </Button>
          <Button variant="outlined" onClick={() => setTestRun({})} data-testid="test-all">
            {t('channel.list.testAll')}
          </Button>
          <Button
            variant="outlined"
            onClick={(e) => setMoreAnchor(e.currentTarget)}
            data-testid="channel-more"
          >
            {t('channel.list.more')}
          </Button>
          <Menu anchorEl={moreAnchor} open={moreAnchor !== null} onClose={() => setMoreAnchor(null)}>
            {more(t('channel.list.updateAllBalances'), () =>
              setConfirm({
                title: t('channel.list.updateAllBalances'),
                body: t('channel.list.updateAllBalancesNote'),
                run: () => allBalances.mutate(),
              }),
            )}
            {more(t('channel.list.fix'), () =>
              setConfirm({
                title: t('channel.list.fix'),
                body: t('channel.list.fixNote'),
                run: () =>
                  fix.mutate(undefined, {
                    onSuccess: (n) => notify('success', t('channel.list.fixed', { count: n })),
                  }),
              }),
            )}
            {more(t('channel.list.deleteDisabled'), () => setDeletingDisabled(true))}
          </Menu>
        </SearchForm>
      </Paper>
      {selectedChannels.length > 0 && (
        <BulkBar
          count={selectedChannels.length}
          busy={setStatus.isPending || remove.isPending}
          onEnable={() => bulkStatus(true)}
          onDisable={() => bulkStatus(false)}
          onSetTag={() => setTagging(selectedChannels)}
          onTest={() => setTestRun({ channels: selectedChannels })}
          onDelete={() =>
            setConfirm({
              title: t('channel.bulk.deleteConfirm', { count: selectedChannels.length }),
              body: names(selectedChannels),
              danger: true,
              run: () => {
                remove.mutate(
                  selectedChannels.map((c) => c.id),
                  {
                    onSuccess: (n) => {
                      notify('success', t('channel.list.deleted', { count: n }));
                      clearSelection();
                    },
                  },
                );
              },
            })
          }
          onClear={clearSelection}
        />
      )}
      <DataTable<ListRow>
        testId="channel-table"
        rows={rows}
        columns={columns}
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
        actions={actions}
      />
      {deletingDisabled && <DeleteDisabledDialog onClose={() => setDeletingDisabled(false)} />}
      {testing && <TestDialog channel={testing} onClose={() => setTesting(null)} />}
      {testRun && (
        <TestRunDialog
          {...(testRun.channels ? { channels: testRun.channels } : {})}
          onClose={() => setTestRun(null)}
        />
      )}
      {tagEditing && (
        <TagEditDialog
          tag={tagEditing.tag}
          channels={tagEditing.channels}
          onClose={() => setTagEditing(null)}
        />
      )}
      {tagging && (
        <SetTagDialog
          channels={tagging}
          onClose={() => setTagging(null)}
          onDone={() => {
            setTagging(null);
            clearSelection();
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        danger={confirm?.danger ?? false}
        title={confirm?.title ?? ''}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          confirm?.run();
          setConfirm(null);
        }}
      >
        {confirm?.body}
      </ConfirmDialog>
    </Stack>
  );
}
