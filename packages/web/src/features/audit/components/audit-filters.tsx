import { AUDIT_TARGET_TYPES } from '@switchboard/sdk';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeRangeFields, useFilterDraft } from '../../../components/time-range-fields';
import type { AuditFilters as Filters } from '../api/keys';

/** The filter form; applying writes the filters to the URL (times as unix seconds). */
export function AuditFilters({ value, onApply }: { value: Filters; onApply(filters: Filters): void }) {
  const { t } = useTranslation();
  const { draft, set, range } = useFilterDraft(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      actor_id: draft.actor_id.trim(),
      target_type: draft.target_type,
      target_id: draft.target_id.trim(),
      ...range(),
    });
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr) auto' },
      }}
    >
      <TextField
        label={t('audit.filters.actor')}
        name="actor_id"
        value={draft.actor_id}
        onChange={set('actor_id')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        select
        label={t('audit.filters.targetType')}
        name="target_type"
        value={draft.target_type}
        onChange={set('target_type')}
      >
        <MenuItem value="">{t('audit.filters.any')}</MenuItem>
        {AUDIT_TARGET_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`audit.targets.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('audit.filters.target')}
        name="target_id"
        value={draft.target_id}
        onChange={set('target_id')}
      />
      <TimeRangeFields
        start={draft.start}
        end={draft.end}
        labels={{ start: t('audit.filters.start'), end: t('audit.filters.end') }}
        onChange={set}
      />
      <Button type="submit" variant="outlined">
        {t('common.actions.search')}
      </Button>
    </Box>
  );
}
