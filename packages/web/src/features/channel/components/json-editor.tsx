import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { jsonProblem, type JsonKind } from '../lib/json-field';

interface Props {
  label: string;
  kind: JsonKind;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  helper?: string;
  /** Written by "fill template". */
  template?: string;
  /** Shown under the field while the text is valid (e.g. the mapping's arrows). */
  preview?: ReactNode;
  name?: string;
}

/** JSON object text that says what is wrong as you type, with fill-template and format buttons. */
export function JsonEditor({
  label,
  kind,
  value,
  onChange,
  placeholder,
  helper,
  template,
  preview,
  name,
}: Props) {
  const { t } = useTranslation();
  const problem = jsonProblem(kind, value);
  const canFormat = !problem && value.trim().startsWith('{');
  return (
    <Box>
      <TextField
        label={label}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        multiline
        minRows={3}
        fullWidth
        error={problem !== null}
        helperText={problem ?? helper ?? ' '}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        {template && (
          <Button size="small" onClick={() => onChange(template)}>
            {t('channel.edit.fillTemplate')}
          </Button>
        )}
        <Button
          size="small"
          disabled={!canFormat}
          onClick={() => onChange(JSON.stringify(JSON.parse(value), null, 2))}
        >
          {t('channel.edit.formatJson')}
        </Button>
        {!problem && preview}
      </Stack>
    </Box>
  );
}

/** The arrows of a model mapping, flagging requested names the channel does not list (never routed here). */
export function MappingPreview({ entries, models }: { entries: Array<[string, string]>; models: string[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="mapping-preview"
    >
      {entries.map(([from, to]) => {
        const listed = models.includes(from);
        return (
          <Chip
            key={from}
            size="small"
            variant="outlined"
            color={listed ? 'default' : 'warning'}
            label={`${from} → ${to}`}
            title={listed ? undefined : t('channel.edit.mappingUnlisted', { model: from })}
          />
        );
      })}
      {entries.some(([from]) => !models.includes(from)) && (
        <Typography variant="caption" color="warning.main">
          {t('channel.edit.mappingUnlistedNote')}
        </Typography>
      )}
    </Stack>
  );
}
