import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A new model row by name; the editor rejects names already in the table. */
export function AddModel({ onAdd }: { onAdd(name: string): boolean }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        size="small"
        label={t('options.pricing.newModel')}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Button variant="outlined" onClick={() => onAdd(name) && setName('')}>
        {t('options.pricing.add')}
      </Button>
    </Stack>
  );
}
