import type { User } from '@switchboard/sdk';
import { Box, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatQuota } from '../../../lib/format';
import { UserRoleChip, UserStatusChip } from './user-chips';
import { BudgetUsage } from '../../../components/budget-usage';

/** The user list's columns: who, group, quota and usage, invites, role and status. */
export function userColumns(t: TFunction): Column<User>[] {
  return [
    { field: 'id', header: t('user.fields.id'), render: (u) => u.id, width: 70 },
    {
      field: 'username',
      header: t('user.fields.username'),
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{u.username}</Typography>
          {u.display_name && u.display_name !== u.username && (
            <Typography variant="caption" color="text.secondary">
              {u.display_name}
            </Typography>
          )}
        </Box>
      ),
      flex: 1,
    },
    { field: 'group', header: t('user.fields.group'), render: (u) => u.group, width: 90 },
    {
      field: 'quota',
      header: t('user.fields.quota'),
      render: (u) => (
        <Box sx={{ fontSize: 13 }}>
          <div title={t('user.fields.quota')}>{formatQuota(u.quota)}</div>
          <Typography variant="caption" color="text.secondary">
            {t('user.list.usage', { used: formatQuota(u.used_quota), count: u.request_count })}
          </Typography>
        </Box>
      ),
      width: 170,
    },
    {
      field: 'period_used_quota',
      header: t('common.budget.column'),
      render: (u) => <BudgetUsage row={u} />,
      width: 170,
    },
    {
      field: 'aff',
      header: t('user.fields.invites'),
      render: (u) =>
        t('user.list.invites', {
          count: u.aff_count,
          earned: formatQuota(u.aff_history_quota),
          inviter: u.inviter_id || '-',
        }),
      width: 150,
    },
    {
      field: 'role',
      header: t('user.fields.role'),
      render: (u) => <UserRoleChip role={u.role} />,
      width: 110,
    },
    {
      field: 'status',
      header: t('user.fields.status'),
      render: (u) => <UserStatusChip user={u} />,
      width: 90,
    },
  ];
}
