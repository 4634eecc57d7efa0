import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { TextInput } from '../../../components/text-input';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/mutations';
import { AuthCard } from './auth-card';

/** `/user/reset?email&token`: confirms the reset; the new password is shown and copied (spec §7). */
export function ResetConfirm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!email || !token) return setError(t('auth.errors.resetLinkInvalid'));
    try {
      const fresh = await reset.mutateAsync({ email, token });
      setPassword(fresh);
      try {
        await navigator.clipboard.writeText(fresh);
        notify('success', t('auth.reset.copied'));
      } catch {
        notify('warning', t('common.errors.clipboard'));
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <AuthCard title={t('auth.reset.confirmTitle')}>
      <Stack spacing={2}>
        <TextInput label={t('auth.fields.email')} value={email} readOnly />
        {password && <TextInput label={t('auth.reset.newPassword')} value={password} readOnly />}
        <FormError message={error} />
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={reset.isPending || password !== null}
        >
          {t('auth.reset.confirm')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
