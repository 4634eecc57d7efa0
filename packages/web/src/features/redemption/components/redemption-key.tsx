import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';

/** The key shortened to its ends (the full key is in the title), with a copy button. */
export function RedemptionKey({ value }: { value: string }) {
  const { t } = useTranslation();
  const short = value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontFamily: 'monospace', fontSize: 13 }}>
      <span title={value}>{short}</span>
      <IconButton size="small" aria-label={t('redemption.actions.copy')} onClick={() => void copyText(value)}>
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Box>
  );
}
