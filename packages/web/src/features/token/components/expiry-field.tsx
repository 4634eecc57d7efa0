import { EXPIRY_SHORTCUTS, expiryFromShortcut } from '@switchboard/sdk';
import { Chip, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';

interface Props {
  /** `-1` (never) or a local date and time. */
  value: string;
  onChange(value: string): void;
}

/** A token's expiry, typed or set from a shortcut (never, an hour, a day, a month...). */
export function ExpiryField({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('token.fields.expired_time')}
        name="expiry"
        value={value}
        helperText={t('token.edit.expiryHint')}
        onChange={(e) => onChange(e.target.value)}
      />
      <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap>
        {EXPIRY_SHORTCUTS.map((s) => (
          <Chip
            key={s.id}
            label={t(`token.expiry.${s.id}`)}
            onClick={() => {
              const at = expiryFromShortcut(s.id, Date.now() / 1000);
              onChange(at === -1 ? '-1' : formatTime(at));
            }}
          />
        ))}
      </Stack>
    </>
  );
}
