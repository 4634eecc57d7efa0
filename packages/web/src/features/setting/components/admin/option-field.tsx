import { InputAdornment, MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fieldId, type FieldSpec } from '../../options/section-spec';

interface OptionFieldProps {
  spec: FieldSpec;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}

/** One text, number, select, secret or JSON field of a settings section, labelled from `options.fields`. */
export function OptionField({ spec, value, error, onChange }: OptionFieldProps) {
  const { t } = useTranslation();
  const id = fieldId(spec.key);
  const multiline = spec.kind === 'textarea' || spec.kind === 'json';
  const help = error ?? (spec.help ? t(`options.help.${id}`) : undefined);
  return (
    <TextField
      label={t(`options.fields.${id}`)}
      name={spec.key}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={help}
      fullWidth
      size="small"
      select={spec.kind === 'select'}
      multiline={multiline}
      minRows={multiline ? (spec.rows ?? (spec.kind === 'json' ? 6 : 3)) : undefined}
      maxRows={multiline ? 20 : undefined}
      type={spec.kind === 'secret' ? 'password' : 'text'}
      autoComplete={spec.kind === 'secret' ? 'new-password' : 'off'}
      placeholder={spec.kind === 'secret' ? t('options.secretPlaceholder') : undefined}
      slotProps={{
        htmlInput: {
          ...(spec.kind === 'number' ? { inputMode: 'decimal' } : {}),
          ...(spec.kind === 'json' ? { spellCheck: false, style: { fontFamily: 'monospace' } } : {}),
        },
        input: spec.unit
          ? {
              endAdornment: <InputAdornment position="end">{t(`options.units.${spec.unit}`)}</InputAdornment>,
            }
          : {},
      }}
    >
      {spec.choices?.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {t(`options.choices.${choice}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
