import { isRoot, Role, UserManageAction, UserStatus, type User } from '@switchboard/sdk';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { Button, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hrefs, paths } from '../../../app/paths';
import { useUser as useSessionUser } from '../../../lib/session';
import { useManageUsers } from '../api/mutations';

interface Props {
  user: User;
  onAddQuota(): void;
  onDelete(): void;
}

/**
 * Disable for active users and enable otherwise (not for status 3), edit, and a menu with promote and
 * demote (the super admin only), add quota, logs and delete. A deleted user gets no actions (spec §4).
 */
export function UserRowActions({ user, onAddQuota, onDelete }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const manage = useManageUsers();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  if (user.DeletedAt) return null;
  const myRole = me?.role ?? 0;
  // Actions on a user of the same or a higher role are refused by the server; say so up front.
  const outranked = !isRoot(myRole) && user.role >= myRole;
  const self = me?.id === user.id;
  const run = (action: UserManageAction) => {
    setMenu(null);
    manage.mutate({ ids: [user.id], action });
  };
  const active = user.status === UserStatus.Enabled;
  const busy = manage.isPending;
  const promotable = user.role < Role.Admin;
  return (
    <>
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
      <Button
        size="small"
        component={RouterLink}
        // One's own account is edited through the self endpoints (an admin may not read a peer, self included).
        to={self ? paths.userEditSelf : hrefs.userEdit(user.id)}
        disabled={outranked && !self}
      >
        {t('common.actions.edit')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('user.actions.more')}
        onClick={(e) => setMenu(e.currentTarget)}
        data-testid="user-more"
      >
        <MoreHorizIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={busy || !isRoot(myRole) || (!promotable && isRoot(user.role))}
          onClick={() => run(promotable ? UserManageAction.Promote : UserManageAction.Demote)}
        >
          <ListItemText>{promotable ? t('user.actions.promote') : t('user.actions.demote')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={outranked}
          onClick={() => {
            setMenu(null);
            onAddQuota();
          }}
        >
          <ListItemText>{t('user.actions.addQuota')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={hrefs.log({ username: user.username })}>
          <ListItemText>{t('user.actions.logs')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={busy || outranked || isRoot(user.role)}
          onClick={() => {
            setMenu(null);
            onDelete();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemText>{t('common.actions.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
