import { FOOTER_POLL } from '@switchboard/sdk';
import { Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/safe-html';
import { readItem, STORAGE_KEYS } from '../../lib/storage';

/** Switchboard's version, from package.json at build time (vite.config.ts). */
export const VERSION_LABEL = __SWB_VERSION__;
/** The new-api version whose API and console this one matches. */
export const NEWAPI_VERSION = '0.4.8.8.3';

/**
 * The default credit line (Switchboard and its version), or the custom footer HTML (the `Footer` option). The stored footer is polled 5 times at 200 ms since
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
          Switchboard v{VERSION_LABEL}
          {t('common.footer.compatible')}{' '}
          <Link href="https://github.com/Calcium-Ion/new-api" target="_blank" rel="noreferrer">
            New API
          </Link>{' '}
          v{NEWAPI_VERSION}
        </Typography>
      )}
    </Box>
  );
}
