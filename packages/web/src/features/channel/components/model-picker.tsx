import { mergeCustomModels } from '@switchboard/sdk';
import { Autocomplete, Box, Button, Stack, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useFetchUpstreamModels } from '../api/mutations';
import { useCatalogue, useModelsByType } from '../api/queries';
import { sdkText } from '../lib/sdk-message';
import { PRESET_MODELS } from '../lib/type-forms';
import { UpstreamModelsDialog } from './upstream-models-dialog';

interface Props {
  type: number;
  models: string[];
  onChange(models: string[]): void;
  /** Where "fetch models" asks: the saved channel (edit) or the form's address, type and key (add). */
  upstream: { id: number } | { base_url: string; type: number; key: string };
  error?: string | undefined;
}

/** Models of the channel: catalogue picker, fill related/all, fetch from the upstream, custom names. */
export function ModelPicker({ type, models, onChange, upstream, error }: Props) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const byType = useModelsByType();
  const fetchUpstream = useFetchUpstreamModels();
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<string[] | null>(null);
  const related = PRESET_MODELS[type] ?? byType.data?.[String(type)] ?? [];
  const options = [...new Set([...(catalogue.data ?? []), ...related, ...models])];

  const addCustom = () => {
    const merged = mergeCustomModels(models, custom);
    if (!merged.ok) {
      setCustomError(`${sdkText(merged.message)} ${merged.duplicates.join(', ')}`);
      return;
    }
    setCustomError(null);
    setCustom('');
    onChange(merged.models);
  };

  const fetchModels = async () => {
    if (!('id' in upstream) && !upstream.key.trim()) {
      notify('error', t('channel.errors.keyRequired'));
      return;
    }
    try {
      setFetched(await fetchUpstream.mutateAsync(upstream));
    } catch (e) {
      notify('error', t('channel.errors.fetchModelsFailed', { message: errorMessage(e) }));
    }
  };

  return (
    <Box>
      <Autocomplete
        multiple
        options={options}
        value={models}
        onChange={(_e, value) => onChange(value)}
        disableCloseOnSelect
        filterSelectedOptions
        limitTags={30}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('channel.fields.models')}
            name="models"
            error={Boolean(error)}
            helperText={error ?? t('channel.edit.modelCount', { count: models.length })}
          />
        )}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={related.length === 0}
          onClick={() => onChange([...new Set([...models, ...related])])}
        >
          {t('channel.edit.fillRelated')}
        </Button>
        <Button size="small" variant="outlined" onClick={() => onChange(options)}>
          {t('channel.edit.fillAll')}
        </Button>
        <Tooltip title={t('channel.edit.fetchTip')}>
          <span>
            <Button
              size="small"
              variant="outlined"
              disabled={fetchUpstream.isPending}
              onClick={() => void fetchModels()}
              data-testid="fetch-models"
            >
              {t('channel.edit.fetchModels')}
            </Button>
          </span>
        </Tooltip>
        <Button size="small" color="warning" onClick={() => onChange([])}>
          {t('channel.edit.clearModels')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
        <TextField
          label={t('channel.edit.customModels')}
          value={custom}
          onChange={(e) => {
            setCustom(e.target.value);
            setCustomError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addCustom();
            }
          }}
          placeholder={t('channel.edit.customModelsHint')}
          error={customError !== null}
          helperText={customError ?? ' '}
          size="small"
          fullWidth
        />
        <Button variant="outlined" onClick={addCustom} disabled={!custom.trim()} sx={{ flexShrink: 0 }}>
          {t('channel.edit.addCustom')}
        </Button>
      </Stack>
      {fetched && (
        <UpstreamModelsDialog
          current={models}
          upstream={fetched}
          onClose={() => setFetched(null)}
          onApply={(next) => {
            onChange(next);
            setFetched(null);
          }}
        />
      )}
    </Box>
  );
}
