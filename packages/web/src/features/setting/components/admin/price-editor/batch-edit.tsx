import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchMode } from '../../../options/pricing-rows';

export interface BatchValues {
  mode: BatchMode;
  price: string;
  ratio: string;
  completionRatio: string;
}

/** Fills the selected models with one fixed price, or one model ratio and completion ratio. */
export function BatchEdit({ selected, onApply }: { selected: number; onApply(values: BatchValues): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<BatchValues>({
    mode: 'ratio',
    price: '',
    ratio: '',
    completionRatio: '',
  });
  const set = (change: Partial<BatchValues>) => setValues((v) => ({ ...v, ...change }));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} data-testid="batch-edit">
      <TextField
        select
        size="small"
        label={t('options.pricing.batchMode')}
        value={values.mode}
        onChange={(e) => set({ mode: e.target.value as BatchMode })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="ratio">{t('options.pricing.modeRatio')}</MenuItem>
        <MenuItem value="price">{t('options.pricing.modePrice')}</MenuItem>
      </TextField>
      {values.mode === 'price' ? (
        <TextField
          size="small"
          label={t('options.pricing.price')}
          value={values.price}
          onChange={(e) => set({ price: e.target.value })}
        />
      ) : (
        <>
          <TextField
            size="small"
            label={t('options.pricing.ratio')}
            value={values.ratio}
            onChange={(e) => set({ ratio: e.target.value })}
          />
          <TextField
            size="small"
            label={t('options.pricing.completionRatio')}
            value={values.completionRatio}
            onChange={(e) => set({ completionRatio: e.target.value })}
          />
        </>
      )}
      <Button variant="outlined" onClick={() => onApply(values)}>
        {t('options.pricing.applyBatch', { count: selected })}
      </Button>
    </Stack>
  );
}
