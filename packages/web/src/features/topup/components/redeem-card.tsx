import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useStatus } from '../../../lib/status';
import { useRedeem } from '../api/mutations';
import { validateRedeemCode } from '../validation';

/** Redeem a code; the top-up link (buy codes) when the site has one. */
export function RedeemCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const redeem = useRedeem();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRedeemCode(code);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      const added = await redeem.mutateAsync(code.trim());
      notify('success', t('topup.redeem.success', { amount: formatQuota(added) }));
      setCode('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('topup.redeem.title')}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2}>
            <TextField
              label={t('topup.redeem.code')}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <FormError message={error} />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={redeem.isPending}>
                {t('topup.redeem.submit')}
              </Button>
              <Button
                variant="outlined"
                onClick={() =>
                  status?.top_up_link
                    ? window.open(status.top_up_link, '_blank')
                    : notify('error', t('topup.redeem.noLink'))
                }
              >
                {t('topup.redeem.buy')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
