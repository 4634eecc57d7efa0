import type { Log } from '@switchboard/sdk';
import { Box, Button, Popover, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeCharge } from '../describe-charge';

/** The content line plus a popover with the readable charge breakdown. */
export function LogDetails({ log }: { log: Log }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lines = describeCharge(log);
  return (
    <Box sx={{ fontSize: 13, minWidth: 0 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {log.content}
      </Typography>
      {lines.length > 0 && (
        <>
          <Button size="small" onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0, minWidth: 0 }}>
            {t('log.charge.show')}
          </Button>
          <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)}>
            <Box sx={{ p: 2, maxWidth: 420 }} data-testid="charge-breakdown">
              {lines.map((line) => (
                <Typography key={line} variant="body2" sx={{ py: 0.25 }}>
                  {line}
                </Typography>
              ))}
            </Box>
          </Popover>
        </>
      )}
    </Box>
  );
}
