import { Autocomplete, FormControlLabel, MenuItem, Switch, TextField, Button } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/search-form';
import type { TableState } from '../../../lib/url-state';
import { useEnabledModels, useGroups } from '../api/queries';

export const CHANNEL_FILTERS = ['keyword', 'group', 'model', 'tag_mode', 'id_sort'] as const;
type Filter = (typeof CHANNEL_FILTERS)[number];

interface Props {
  table: TableState<Filter>;
  /** Tag mode or id sort changed: the rows are others now. */
  onFlag(): void;
  /** The list's own buttons, after the filters. */
  children: ReactNode;
}

/** The channel list's heading and filters: keyword, group and model on search; tag mode and id sort at once. */
export function ChannelFilters({ table, onFlag, children }: Props) {
  const { t } = useTranslation();
  const f = table.filters;
  const groups = useGroups();
  const enabledModels = useEnabledModels();
  const [keyword, setKeyword] = useState(f.keyword);
  const [group, setGroup] = useState(f.group);
  const [model, setModel] = useState(f.model);

  const search = (event: FormEvent) => {
    event.preventDefault();
    table.setFilters({ keyword: keyword.trim(), group, model: model.trim() });
  };
  const toggleFlag = (name: 'tag_mode' | 'id_sort', on: boolean) => {
    onFlag();
    table.setFilters({ [name]: on ? '1' : '' });
  };

  return (
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
          <Switch checked={f.tag_mode === '1'} onChange={(e) => toggleFlag('tag_mode', e.target.checked)} />
        }
        label={t('channel.list.tagMode')}
      />
      <FormControlLabel
        control={
          <Switch checked={f.id_sort === '1'} onChange={(e) => toggleFlag('id_sort', e.target.checked)} />
        }
        label={t('channel.list.idSort')}
      />
      {children}
    </SearchForm>
  );
}
