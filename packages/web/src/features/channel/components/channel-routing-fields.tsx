import { Autocomplete, Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../api/queries';
import type { FormFieldsProps } from './use-channel-editor';

/** Which users' requests reach the channel: its groups (the site's, or new ones typed in). */
export function ChannelGroupsField({ form, set, errorOf }: FormFieldsProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const knownGroups = groups.data ?? [];
  const unknownGroups = form.groups.filter((g) => knownGroups.length > 0 && !knownGroups.includes(g));
  return (
    <Box>
      <Autocomplete
        multiple
        freeSolo
        options={knownGroups}
        value={form.groups}
        onChange={(_e, value) => set('groups', value.map((v) => v.trim()).filter(Boolean))}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('channel.fields.groups')}
            name="groups"
            error={Boolean(errorOf('group'))}
            helperText={
              errorOf('group') ??
              (unknownGroups.length
                ? t('channel.edit.unknownGroups', { groups: unknownGroups.join(', ') })
                : t('channel.edit.groupsHint'))
            }
          />
        )}
      />
    </Box>
  );
}

/** Where the channel stands among the others: priority and weight, tag, test model, and automatic disabling. */
export function ChannelRoutingFields({ form, set, errorOf }: FormFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('channel.fields.priority')}
          name="priority"
          value={form.priority}
          onChange={(e) => set('priority', e.target.value)}
          error={Boolean(errorOf('priority'))}
          helperText={errorOf('priority') ?? t('channel.edit.priorityHint')}
          fullWidth
        />
        <TextField
          label={t('channel.fields.weight')}
          name="weight"
          value={form.weight}
          onChange={(e) => set('weight', e.target.value)}
          error={Boolean(errorOf('weight'))}
          helperText={errorOf('weight') ?? t('channel.edit.weightHint')}
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('channel.fields.tag')}
          name="tag"
          value={form.tag}
          onChange={(e) => set('tag', e.target.value)}
          helperText={t('channel.edit.tagHint')}
          fullWidth
        />
        <Autocomplete
          freeSolo
          fullWidth
          options={form.models}
          inputValue={form.test_model}
          onInputChange={(_e, value) => set('test_model', value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('channel.fields.test_model')}
              name="test_model"
              helperText={t('channel.edit.testModelHint')}
            />
          )}
        />
      </Stack>
      <FormControlLabel
        control={<Switch checked={form.auto_ban} onChange={(e) => set('auto_ban', e.target.checked)} />}
        label={t('channel.edit.autoBan')}
      />
    </>
  );
}
