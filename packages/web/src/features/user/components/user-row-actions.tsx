import { isRoot, Role, UserManageAction, UserStatus, type User } from '@switchboard/sdk';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hrefs } from '../../../app/paths';
import { useUser as useSessionUser } from '../../../lib/session';
import { useManageUsers } from '../api/mutations';

interface Props {
  user: User;
  onAddQuota(): void;
  onDelete(): void;
}

/**
 * Promote and demote (the super admin only), disable for active users and enable otherwise (not for
 * status 3), edit, add quota, logs, delete. A deleted user gets no actions (spec §4).
 */
export function UserRowActions({ user, onAddQuota, onDelete }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const manage = useManageUsers();
  if (user.DeletedAt) return null;
  const myRole = me?.role ?? 0;
  // Actions on a user of the same or a higher role are refused by the server; say so up front.
  const outranked = !isRoot(myRole) && user.role >= myRole;
  const run = (action: UserManageAction) => manage.mutate({ ids: [user.id], action });
  const active = user.status === UserStatus.Enabled;
  const busy = manage.isPending;
  return (
    <>
      {user.role < Role.Admin ? (
        <Button size="small" disabled={busy || !isRoot(myRole)} onClick={() => run(UserManageAction.Promote)}>
          {t('user.actions.promote')}
        </Button>
      ) : (
        <Button
          size="small"
          disabled={busy || !isRoot(myRole) || isRoot(user.role)}
          onClick={() => run(UserManageAction.Demote)}
        >
          {t('user.actions.demote')}
        </Button>
      )}
      {active ? (
        <Button
          size="small"
          color="warning"
          disabled={busy || outranked || isRoot(user.role)}
          onClick={() => run(UserManageAction.Disable)}
        >
          {t('common.actions.disable')}
        </Button>
      ) : (
        <Button
          size="small"
          color="success"
          disabled={busy || outranked || user.status === UserStatus.Other}
          onClick={() => run(UserManageAction.Enable)}
        >
          {t('common.actions.enable')}
        </Button>
      )}
      <Button size="small" component={RouterLink} to={hrefs.userEdit(user.id)} disabled={outranked}>
        {t('common.actions.edit')}
      </Button>
      <Button size="small" onClick={onAddQuota} disabled={outranked}>
        {t('user.actions.addQuota')}
      </Button>
      <Button size="small" component={RouterLink} to={hrefs.log({ username: user.username })}>
        {t('user.actions.logs')}
      </Button>
      <Button size="small" color="error" disabled={busy || outranked || isRoot(user.role)} onClick={onDelete}>
        {t('common.actions.delete')}
      </Button>
    </>
  );
}
