import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  count: number;
  busy: boolean;
  onEnable(): void;
  onDisable(): void;
  onSetTag(): void;
  onTest(): void;
  onDelete(): void;
  onClear(): void;
}

/** Shown while channels are selected: what can be done to all of them at once. */
export function BulkBar({ count, busy, onEnable, onDisable, onSetTag, onTest, onDelete, onClear }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      data-testid="bulk-bar"
      elevation={3}
      sx={{
        p: 1.5,
        position: 'sticky',
        top: 72,
        zIndex: 5,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ mr: 1 }}>{t('channel.bulk.selected', { count })}</Typography>
        <Button size="small" variant="contained" color="success" disabled={busy} onClick={onEnable}>
          {t('channel.bulk.enable')}
        </Button>
        <Button size="small" variant="contained" color="warning" disabled={busy} onClick={onDisable}>
          {t('channel.bulk.disable')}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="inherit"
          sx={{ color: 'text.primary' }}
          disabled={busy}
          onClick={onSetTag}
        >
          {t('channel.bulk.setTag')}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="inherit"
          sx={{ color: 'text.primary' }}
          disabled={busy}
          onClick={onTest}
        >
          {t('channel.bulk.test')}
        </Button>
        <Button size="small" variant="contained" color="error" disabled={busy} onClick={onDelete}>
          {t('channel.bulk.delete')}
        </Button>
        <Button size="small" color="inherit" onClick={onClear}>
          {t('channel.bulk.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}
