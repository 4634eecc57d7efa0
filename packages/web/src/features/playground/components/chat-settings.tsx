import { PLAYGROUND_DEFAULTS } from '@switchboard/sdk';
import { Autocomplete, MenuItem, Paper, Slider, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useGroups, useModels } from '../api/queries';
import type { ChatSettings as Settings } from '../use-chat';

export function ChatSettings({ value, onChange }: { value: Settings; onChange(next: Settings): void }) {
  const { t } = useTranslation();
  const models = useModels();
  const groups = useGroups();
  const set = <K extends keyof Settings>(key: K, v: Settings[K]) => onChange({ ...value, [key]: v });
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Autocomplete
          freeSolo
          options={models.data ?? []}
          value={value.model}
          onInputChange={(_e, model) => set('model', model)}
          renderInput={(params) => (
            <TextField {...params} label={t('playground.fields.model')} name="model" />
          )}
        />
        <TextField
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          select
          label={t('playground.fields.group')}
          value={value.group}
          onChange={(e) => set('group', e.target.value)}
        >
          <MenuItem value="">{t('playground.fields.userGroup')}</MenuItem>
          {Object.entries(groups.data ?? {}).map(([name, info]) => (
            <MenuItem key={name} value={name}>
              {name} ({info.ratio}x)
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Typography variant="body2" color="text.secondary">
            {t('playground.fields.temperature')}: {value.temperature}
          </Typography>
          <Slider
            min={0}
            max={PLAYGROUND_DEFAULTS.temperatureMax}
            step={0.1}
            value={value.temperature}
            onChange={(_e, v) => set('temperature', v as number)}
            aria-label={t('playground.fields.temperature')}
          />
        </div>
        <TextField
          label={t('playground.fields.max_tokens')}
          type="number"
          value={value.maxTokens}
          helperText={t('playground.fields.maxTokensHint')}
          onChange={(e) => set('maxTokens', Math.max(0, Math.floor(Number(e.target.value) || 0)))}
        />
        <TextField
          label={t('playground.fields.system')}
          multiline
          minRows={3}
          value={value.system}
          onChange={(e) => set('system', e.target.value)}
        />
      </Stack>
    </Paper>
  );
}
