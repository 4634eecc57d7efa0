import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldWithButton } from '../../../components/field-with-button';
import { FormError } from '../../../components/form-error';
import { copyText } from '../../../lib/clipboard';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useGenerateAccessToken, useUpdateProfile } from '../api/mutations';
import { validatePasswordChange } from '../validation';
import { Section } from './section';

/** System access token generation and password change (the confirmation must match). */
export function SecuritySection() {
  const { t } = useTranslation();
  const generate = useGenerateAccessToken();
  const update = useUpdateProfile();
  const [token, setToken] = useState('');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changePassword = async () => {
    const invalid = validatePasswordChange(password, confirm);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await update.mutateAsync({ password, original_password: current });
      notify('success', t('setting.security.passwordChanged'));
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Section title={t('setting.security.title')}>
      <Stack spacing={2}>
        <FieldWithButton
          label={t('setting.security.accessToken')}
          value={token}
          buttonLabel={t('setting.security.generate')}
          onClick={() =>
            generate.mutate(undefined, {
              onSuccess: (value) => {
                setToken(value);
                void copyText(value);
              },
            })
          }
        />
        <TextField
          label={t('setting.security.currentPassword')}
          type="password"
          name="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('setting.security.newPassword')}
          type="password"
          name="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={t('setting.security.confirmPassword')}
          type="password"
          name="confirm-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error} />
        <Button
          variant="contained"
          onClick={() => void changePassword()}
          disabled={update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('setting.security.changePassword')}
        </Button>
      </Stack>
    </Section>
  );
}
