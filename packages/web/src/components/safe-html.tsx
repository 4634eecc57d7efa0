import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';

/**
 * Admin-written HTML (footer, home page, about), sanitised before it reaches the page. The sanitiser loads
 * on first use, keeping it out of the first screen's JavaScript.
 */
export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('dompurify').then(({ default: purify }) => {
      if (live) setClean(purify.sanitize(html));
    });
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === null) return null;
  return <Box sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
