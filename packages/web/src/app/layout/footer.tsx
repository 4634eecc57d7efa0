import { FOOTER_POLL } from '@switchboard/sdk';
import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/safe-html';
import { readItem, STORAGE_KEYS } from '../../lib/storage';

/** The new-api version this console matches (spec §2's credit line). */
export const VERSION_LABEL = '0.4.8.8.3';

/**
 * The default credit line, or the custom footer HTML. The stored footer is polled 5 times at 200 ms since
 * the status call that stores it may still be on its way at first render (spec §2).
 */
export function Footer() {
  const { t } = useTranslation();
  const [html, setHtml] = useState(() => readItem(STORAGE_KEYS.footerHtml) ?? '');
  useEffect(() => {
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      const stored = readItem(STORAGE_KEYS.footerHtml) ?? '';
      setHtml(stored);
      if (attempts >= FOOTER_POLL.attempts) clearInterval(timer);
    }, FOOTER_POLL.intervalMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box component="footer" sx={{ py: 2, px: 2, textAlign: 'center', color: 'text.secondary', fontSize: 13 }}>
      {html ? (
        <SafeHtml html={html} />
      ) : (
        <Typography variant="body2" component="div" data-testid="footer-credit">
          <Link href="https://github.com/Calcium-Ion/new-api" target="_blank" rel="noreferrer">
            New API
          </Link>{' '}
          v{VERSION_LABEL} {t('common.footer.by')}{' '}
          <Link href="https://github.com/Calcium-Ion" target="_blank" rel="noreferrer">
            Calcium-Ion
          </Link>
          {t('common.footer.basedOn')}{' '}
          <Link href="https://github.com/songquanpeng/one-api" target="_blank" rel="noreferrer">
            One API
          </Link>
        </Typography>
      )}
    </Box>
  );
}
