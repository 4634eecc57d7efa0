import { roleName, UserStatus, type User } from '@switchboard/sdk';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const ROLE_COLOR = { guest: 'default', common: 'default', admin: 'warning', root: 'error' } as const;

export function UserRoleChip({ role }: { role: number }) {
  const { t } = useTranslation();
  const name = roleName(role);
  return <Chip variant="outlined" color={ROLE_COLOR[name]} label={t(`user.roles.${name}`)} />;
}

/** Active, banned, other — or deleted, which outranks the stored status (spec §4). */
export function UserStatusChip({ user }: { user: User }) {
  const { t } = useTranslation();
  if (user.DeletedAt)
    return <Chip color="error" label={t('user.status.deleted')} data-testid="user-deleted" />;
  if (user.status === UserStatus.Enabled) return <Chip color="success" label={t('user.status.1')} />;
  if (user.status === UserStatus.Disabled) return <Chip color="warning" label={t('user.status.2')} />;
  return <Chip label={t('user.status.3')} />;
}
