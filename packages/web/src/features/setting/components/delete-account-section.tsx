import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useDeleteAccount } from '../api/mutations';
import { validateDeletion } from '../validation';
import { Section } from './section';

/** Account deletion: the typed text must equal the user's own username (spec §5). */
export function DeleteAccountSection({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const invalid = validateDeletion(typed, username);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await remove.mutateAsync();
      notify('success', t('setting.delete.done'));
      void navigate('/');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Section title={t('setting.delete.title')}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('setting.delete.warning', { username })}
        </Typography>
        <TextField
          label={t('setting.delete.typeUsername')}
          name="delete-confirm"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <FormError message={error} />
        <Button
          color="error"
          variant="contained"
          onClick={() => void submit()}
          disabled={remove.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('setting.delete.submit')}
        </Button>
      </Stack>
    </Section>
  );
}
