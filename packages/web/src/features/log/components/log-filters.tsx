import { Box, Button, MenuItem, TextField } from '@mui/material';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeFields, useFilterDraft } from '../../../components/time-range-fields';
import type { LogFilters as Filters } from '../api/keys';
import { AdminLogFilterFields } from './admin-log-filter-fields';

const TYPES = ['0', '1', '2', '3', '4'];

/** The filter form; applying writes the filters to the URL (times as unix seconds). */
export function LogFilters({
  value,
  onApply,
  admin = false,
}: {
  value: Filters;
  onApply(filters: Filters): void;
  admin?: boolean;
}) {
  const { t } = useTranslation();
  const { draft, setDraft, set, range } = useFilterDraft(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      type: draft.type === '0' ? '' : draft.type,
      token_name: draft.token_name.trim(),
      model_name: draft.model_name.trim(),
      group: draft.group.trim(),
      ...range(),
      username: admin ? draft.username.trim() : '',
      channel: admin ? draft.channel.trim() : '',
    });
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(3, 1fr)',
          lg: admin ? 'repeat(4, 1fr)' : 'repeat(6, 1fr) auto',
        },
      }}
    >
      <TextField
        select
        label={t('log.fields.type')}
        name="type"
        value={draft.type || '0'}
        onChange={set('type')}
      >
        {TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`log.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('log.fields.token_name')}
        name="token_name"
        value={draft.token_name}
        onChange={set('token_name')}
      />
      <TextField
        label={t('log.fields.model_name')}
        name="model_name"
        value={draft.model_name}
        onChange={set('model_name')}
      />
      <TextField label={t('log.fields.group')} name="group" value={draft.group} onChange={set('group')} />
      <TimeRangeFields
        start={draft.start}
        end={draft.end}
        labels={{ start: t('log.filters.start'), end: t('log.filters.end') }}
        onChange={set}
      />
      {admin && (
        <AdminLogFilterFields
          username={draft.username}
          channel={draft.channel}
          onChange={(field, v) => setDraft((d) => ({ ...d, [field]: v }))}
        />
      )}
      <Button type="submit" variant="contained" data-testid="log-apply">
        {t('log.filters.apply')}
      </Button>
    </Box>
  );
}
