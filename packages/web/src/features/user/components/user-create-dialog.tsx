import { PASSWORD_MAX, Role, ROLES, roleName, USERNAME_MAX } from '@switchboard/sdk';
import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useUser as useSessionUser } from '../../../lib/session';
import { useCreateUser } from '../api/mutations';
import { validateUserCreate, type UserCreateForm } from '../validation';

/** Add a user: username, display name, password, and a role strictly below the creator's own (spec §5). */
export function UserCreateDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const ownRole = me?.role ?? Role.Common;
  const roles = ROLES.filter((r) => r >= Role.Common && r < ownRole);
  const [form, setForm] = useState<UserCreateForm>({
    username: '',
    display_name: '',
    password: '',
    role: Role.Common,
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateUser();
  const set = <K extends keyof UserCreateForm>(key: K, value: UserCreateForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const invalid = validateUserCreate(form, ownRole);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await create.mutateAsync({
        username: form.username.trim(),
        password: form.password,
        role: form.role as Role,
        ...(form.display_name.trim() ? { display_name: form.display_name.trim() } : {}),
      });
      notify('success', t('user.create.created'));
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('user.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate autoComplete="off">
          <TextField
            label={t('user.fields.username')}
            name="username"
            value={form.username}
            helperText={t('user.create.usernameHint', { max: USERNAME_MAX })}
            onChange={(e) => set('username', e.target.value)}
          />
          <TextField
            label={t('user.fields.display_name')}
            name="display_name"
            value={form.display_name}
            onChange={(e) => set('display_name', e.target.value)}
          />
          <TextField
            label={t('user.fields.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            helperText={t('user.create.passwordHint', { max: PASSWORD_MAX })}
            onChange={(e) => set('password', e.target.value)}
          />
          <TextField
            select
            label={t('user.fields.role')}
            name="role"
            value={form.role}
            onChange={(e) => set('role', Number(e.target.value))}
          >
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`user.roles.${roleName(r)}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormError message={error} />
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('user.create.submit')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={create.isPending}
      />
    </Dialog>
  );
}
