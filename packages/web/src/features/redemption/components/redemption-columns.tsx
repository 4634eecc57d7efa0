import { RedemptionStatus, type Redemption } from '@switchboard/sdk';
import { Box, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatQuota, formatTime } from '../../../lib/format';
import { RedemptionKey } from './redemption-key';
import { RedemptionStatusChip } from './redemption-status-chip';

/** The redemption list's columns; a used code says when and by whom it was redeemed. */
export function redemptionColumns(t: TFunction): Column<Redemption>[] {
  return [
    { field: 'id', header: t('redemption.fields.id'), render: (r) => r.id, width: 60 },
    { field: 'name', header: t('redemption.fields.name'), render: (r) => r.name, flex: 1 },
    {
      field: 'key',
      header: t('redemption.fields.key'),
      render: (r) => <RedemptionKey value={r.key} />,
      width: 140,
    },
    {
      field: 'status',
      header: t('redemption.fields.status'),
      render: (r) => <RedemptionStatusChip status={r.status} />,
      width: 90,
    },
    {
      field: 'quota',
      header: t('redemption.fields.quota'),
      render: (r) => formatQuota(r.quota),
      width: 90,
    },
    {
      field: 'created_time',
      header: t('redemption.fields.created_time'),
      render: (r) => (
        <Box sx={{ fontSize: 13 }}>
          <div>{formatTime(r.created_time)}</div>
          {r.status === RedemptionStatus.Used && (
            <Typography variant="caption" color="text.secondary" data-testid="redeemed">
              {t('redemption.list.redeemed', {
                time: formatTime(r.redeemed_time),
                user: r.used_user_id,
              })}
            </Typography>
          )}
        </Box>
      ),
      width: 200,
    },
  ];
}
