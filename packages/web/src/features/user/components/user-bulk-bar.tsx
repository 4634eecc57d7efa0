import { isRoot, UserManageAction, UserStatus, type User } from '@switchboard/sdk';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../../components/bulk-bar';
import { downloadText, stampedName } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useManageUsers } from '../api/mutations';
import { usersCsv } from '../users-csv';

interface Props {
  selected: User[];
  onDelete(): void;
  onDone(): void;
}

/**
 * Actions on the selected users: disable the active ones, enable the banned ones, export, delete. Deleted
 * users and the super admin are left out; each changed row takes its status from the server's answer.
 */
export function UserBulkBar({ selected, onDelete, onDone }: Props) {
  const { t } = useTranslation();
  const manage = useManageUsers();
  if (selected.length === 0) return null;
  const live = selected.filter((u) => !u.DeletedAt && !isRoot(u.role));
  const run = (action: UserManageAction, from: number) => {
    const ids = live.filter((u) => u.status === from).map((u) => u.id);
    if (ids.length === 0) return notify('info', t('user.bulk.nothingToChange'));
    manage.mutate(
      { ids, action },
      {
        onSuccess: (count) => {
          notify('success', t('user.bulk.changed', { count }));
          onDone();
        },
      },
    );
  };
  return (
    <BulkBar label={t('user.bulk.selected', { count: selected.length })} testId="user-bulk-bar">
      <Button
        size="small"
        variant="outlined"
        color="success"
        disabled={manage.isPending}
        onClick={() => run(UserManageAction.Enable, UserStatus.Disabled)}
      >
        {t('common.actions.enable')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={manage.isPending}
        onClick={() => run(UserManageAction.Disable, UserStatus.Enabled)}
      >
        {t('common.actions.disable')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() =>
          downloadText(usersCsv(selected), stampedName('users', 'csv'), 'text/csv;charset=utf-8')
        }
      >
        {t('user.bulk.export')}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={live.length === 0} onClick={onDelete}>
        {t('common.actions.delete')}
      </Button>
    </BulkBar>
  );
}
