import { ChannelType } from '@switchboard/sdk';
import { Alert, Box, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { keyLines } from '../lib/channel-form';
import type { TypeForm } from '../lib/type-forms';
import type { FormFieldsProps } from './use-channel-editor';

interface Props extends FormFieldsProps {
  spec: TypeForm;
  creating: boolean;
  /** A copy whose key could not be revealed (only root may): say that it must be typed again. */
  keyNotCopied: boolean;
}

/** The upstream key (or credential JSON), and batch mode: one channel per key line. */
export function ChannelKeyField({ form, set, errorOf, spec, creating, keyNotCopied }: Props) {
  const { t } = useTranslation();
  // Always a text area: a single-line input would silently join pasted lines into one wrong key.
  const keyRows = form.batch || spec.keyIsJson ? 4 : 1;
  return (
    <Box>
      <TextField
        label={spec.keyIsJson ? t('channel.edit.credentialJson') : t('channel.fields.key')}
        name="key"
        value={form.key}
        onChange={(e) => set('key', e.target.value)}
        placeholder={form.batch ? t('channel.edit.batchKeyHint') : t(spec.keyHint)}
        multiline
        minRows={keyRows}
        fullWidth
        autoComplete="new-password"
        error={Boolean(errorOf('key'))}
        helperText={
          errorOf('key') ??
          (form.batch
            ? t('channel.edit.batchCount', { count: keyLines(form.key) })
            : creating
              ? t(spec.keyHint)
              : t('channel.edit.keyKeep'))
        }
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      {keyNotCopied && (
        <Alert severity="info" role="note" sx={{ mt: 1 }}>
          {t('channel.edit.copyKeyNote')}
        </Alert>
      )}
      {creating && form.type !== ChannelType.VertexAI && (
        <FormControlLabel
          control={<Checkbox checked={form.batch} onChange={(e) => set('batch', e.target.checked)} />}
          label={t('channel.edit.batch')}
        />
      )}
    </Box>
  );
}
