import { parseLogOther, type Log } from '@switchboard/sdk';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';

/**
 * The columns only admins see (spec §6): the channel that served the call with the retry chain from
 * `other.admin_info.use_channel`, and the user, whose name opens the user-info dialog.
 */
export function adminLogColumns(t: TFunction, onUser: (log: Log) => void): Column<Log>[] {
  return [
    {
      field: 'channel',
      header: t('logAdmin.channel'),
      render: (l) => {
        if (!l.channel) return '';
        const tried = parseLogOther(l.other).admin_info?.use_channel ?? [];
        return (
          <Box sx={{ minWidth: 0 }}>
            <Chip
              size="small"
              variant="outlined"
              label={l.channel}
              title={l.channel_name || undefined}
              data-testid="log-channel"
            />
            {tried.length > 1 && (
              <Typography
                variant="caption"
                color="warning.main"
                sx={{ display: 'block' }}
                data-testid="log-retry"
              >
                {t('logAdmin.retry', { chain: tried.join(' → ') })}
              </Typography>
            )}
          </Box>
        );
      },
      width: 110,
    },
    {
      field: 'username',
      header: t('logAdmin.username'),
      render: (l) =>
        l.username ? (
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={() => onUser(l)}
            data-testid="log-username"
          >
            {l.username}
          </Link>
        ) : (
          ''
        ),
      width: 110,
    },
  ];
}
