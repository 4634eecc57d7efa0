import { Box, Button, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { splitList } from '@switchboard/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId, type FieldSpec } from '../../options/section-spec';

interface ListFieldProps {
  spec: FieldSpec;
  /** The comma-joined list as stored. */
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}

/** A comma-joined option edited as chips (the email domain whitelist): remove one, or add one or several. */
export function ListField({ spec, value, error, onChange }: ListFieldProps) {
  const { t } = useTranslation();
  const id = fieldId(spec.key);
  const items = splitList(value);
  const [draft, setDraft] = useState('');
  const add = () => {
    const added = splitList(draft, /[\s,]+/).filter((item) => !items.includes(item));
    if (added.length > 0) onChange([...items, ...added].join(','));
    setDraft('');
  };
  return (
    <Stack spacing={1} data-testid={`list-${spec.key}`}>
      <Typography variant="body2" color="text.secondary">
        {t(`options.fields.${id}`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {items.map((item) => (
          <Chip
            key={item}
            label={item}
            size="small"
            onDelete={() => onChange(items.filter((other) => other !== item).join(','))}
          />
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          name={`${spec.key}-add`}
          label={t('options.list.add')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outlined" onClick={add}>
          {t('options.list.addButton')}
        </Button>
      </Stack>
      {(error ?? spec.help) && (
        <FormHelperText error={Boolean(error)}>{error ?? t(`options.help.${id}`)}</FormHelperText>
      )}
    </Stack>
  );
}
