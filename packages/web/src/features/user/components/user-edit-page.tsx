import type { User } from '@switchboard/sdk';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Divider,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSaveUser } from '../api/mutations';
import { useGroups, useUser } from '../api/queries';
import { validateUserEdit, type UserEditForm } from '../validation';
import { QuotaAddDialog } from './quota-add-dialog';
import { BudgetFields, budgetError, budgetForm, budgetParams } from '../../../components/budget-fields';

const BOUND = ['github_id', 'wechat_id', 'email', 'telegram_id', 'linux_do_id'] as const;

/** `/user/edit/{id}` (an admin editing a user) and `/user/edit` (the signed-in admin's own account). */
export function UserEditPage() {
  const { id } = useParams();
  const userId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const user = useUser(userId);
  if (user.isPending) return <Loading />;
  if (user.isError)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(user.error)}
      </Alert>
    );
  return <UserEditForm user={user.data} withId={userId !== undefined} />;
}

function UserEditForm({ user, withId }: { user: User; withId: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useGroups();
  const save = useSaveUser();
  const [form, setForm] = useState<UserEditForm>({
    username: user.username,
    display_name: user.display_name,
    password: '',
    original_password: '',
    group: user.group,
    quota: String(user.quota),
  });
  const [budget, setBudget] = useState(() => budgetForm(user));
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const set = (key: keyof UserEditForm, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const quotaValid = /^\d+$/.test(form.quota.trim());
  const back = () => navigate(paths.user);

  const submit = async () => {
    const invalid = validateUserEdit(form, { withId }) ?? (withId ? budgetError(budget) : null);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await save.mutateAsync({
        id: withId ? user.id : undefined,
        username: form.username.trim(),
        display_name: form.display_name.trim(),
        password: form.password,
        ...(withId
          ? { group: form.group.trim(), quota: Number(form.quota), budget: budgetParams(budget) }
          : { original_password: form.original_password }),
      });
      notify('success', t('user.edit.saved'));
      back();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {withId ? t('user.edit.title', { name: user.username }) : t('user.edit.selfTitle')}
      </Typography>
      <Stack spacing={2} component="form" noValidate autoComplete="off">
        <TextField
          label={t('user.fields.username')}
          name="username"
          value={form.username}
          onChange={(e) => set('username', e.target.value)}
        />
        <TextField
          label={t('user.fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          placeholder={t('user.edit.passwordPlaceholder')}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(e) => set('password', e.target.value)}
        />
        {!withId && form.password && (
          <TextField
            label={t('user.edit.originalPassword')}
            name="original_password"
            type="password"
            autoComplete="current-password"
            value={form.original_password}
            onChange={(e) => set('original_password', e.target.value)}
          />
        )}
        <TextField
          label={t('user.fields.display_name')}
          name="display_name"
          value={form.display_name}
          onChange={(e) => set('display_name', e.target.value)}
        />
        {withId && (
          <>
            <Autocomplete
              freeSolo
              options={groups.data ?? []}
              value={form.group}
              onInputChange={(_e, value) => set('group', value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="group"
                  label={t('user.fields.group')}
                  helperText={t('user.edit.groupHint')}
                />
              )}
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('user.fields.quota')}
                name="quota"
                value={form.quota}
                sx={{ flex: 1 }}
                helperText={
                  quotaValid ? t('user.edit.equivalent', { amount: formatQuota(Number(form.quota)) }) : ' '
                }
                onChange={(e) => set('quota', e.target.value)}
              />
              <Button
                variant="outlined"
                sx={{ mt: 1 }}
                disabled={!quotaValid}
                onClick={() => setAdding(true)}
              >
                {t('user.actions.addQuota')}
              </Button>
            </Stack>
            <BudgetFields value={budget} onChange={setBudget} />
          </>
        )}
        <Divider>{t('user.edit.readOnly')}</Divider>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {BOUND.map((field) => (
            <TextField
              key={field}
              label={t(`user.fields.${field}`)}
              value={user[field]}
              placeholder={t('user.edit.boundHint')}
              slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        <FormError message={error} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={back}>{t('common.actions.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            {t('common.actions.save')}
          </Button>
        </Stack>
      </Stack>
      {adding && (
        <QuotaAddDialog
          oldQuota={Number(form.quota)}
          onClose={() => setAdding(false)}
          onAdd={(delta) => {
            set('quota', String(Number(form.quota) + delta));
            setAdding(false);
          }}
        />
      )}
    </Paper>
  );
}
