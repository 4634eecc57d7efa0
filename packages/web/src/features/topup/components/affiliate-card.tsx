import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldWithButton } from '../../../components/field-with-button';
import { FormError } from '../../../components/form-error';
import { copyText } from '../../../lib/clipboard';
import { errorMessage } from '../../../lib/errors';
import { formatQuota, quotaPerUnit } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAffTransfer } from '../api/mutations';
import { useAffCode, useSelf } from '../api/queries';
import { validateAffTransfer } from '../validation';

/** The invite link, the earnings, and moving pending earnings into the balance (at least one unit). */
export function AffiliateCard() {
  const { t } = useTranslation();
  const self = useSelf();
  const aff = useAffCode();
  const transfer = useAffTransfer();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const link = aff.data ? `${window.location.origin}/register?aff=${aff.data}` : '';
  const submit = async () => {
    const quota = Number(amount);
    const invalid = validateAffTransfer(quota, quotaPerUnit());
    if (invalid) return setError(t(invalid, { min: formatQuota(quotaPerUnit()) }));
    setError(null);
    try {
      await transfer.mutateAsync(quota);
      notify('success', t('topup.aff.transferred'));
      setAmount('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('topup.aff.title')}
        </Typography>
        <Stack spacing={2}>
          <FieldWithButton
            label={t('topup.aff.link')}
            value={link}
            buttonLabel={t('topup.aff.copy')}
            disabled={!link}
            onClick={() => copyText(link)}
          />
          <Typography variant="body2" color="text.secondary">
            {t('topup.aff.stats', {
              count: self.data?.aff_count ?? 0,
              pending: formatQuota(self.data?.aff_quota ?? 0),
              total: formatQuota(self.data?.aff_history_quota ?? 0),
            })}
          </Typography>
          <FieldWithButton
            label={t('topup.aff.amount')}
            name="aff-amount"
            value={amount}
            onChange={setAmount}
            buttonLabel={t('topup.aff.transfer')}
            variant="contained"
            disabled={transfer.isPending}
            onClick={submit}
          />
          <FormError message={error} />
        </Stack>
      </CardContent>
    </Card>
  );
}
