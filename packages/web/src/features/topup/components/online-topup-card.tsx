import { TOP_UP_PRESETS } from '@switchboard/sdk';
import { Alert, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { useStatus } from '../../../lib/status';
import { usePay, useTopUpPrice } from '../api/mutations';
import { validateAmount } from '../validation';

const METHODS = [
  { id: 'zfb', key: 'topup.online.alipay' },
  { id: 'wx', key: 'topup.online.wechat' },
] as const;

/** Submits the Epay form the server answers with, as new-api does: a POST form to the payment page. */
function submitPaymentForm(url: string, fields: Record<string, string>): void {
  const form = Object.assign(document.createElement('form'), {
    method: 'POST',
    action: url,
    target: '_blank',
  });
  for (const [name, value] of Object.entries(fields))
    form.appendChild(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/**
 * Online top-up: amount presets, the minimum, payment methods; disabled when the site has it off. As in new-api,
 * the price is quoted first and confirmed in a dialog before the payment form leaves for Epay. Without currency
 * display the amount is in quota units and the minimum is MinTopUp × QuotaPerUnit (new-api's `getMinTopup`).
 */
export function OnlineTopUpCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const price = useTopUpPrice();
  const pay = usePay();
  const inCurrency = status?.display_in_currency !== false;
  const minTopUp = Math.max(1, status?.min_topup ?? 1);
  const min = inCurrency ? minTopUp : minTopUp * (status?.quota_per_unit ?? 500_000);
  const [amount, setAmount] = useState(String(min));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ method: string; money: string } | null>(null);
  const enabled = status?.enable_online_topup === true;

  const start = async (method: string) => {
    const invalid = validateAmount(Number(amount), min);
    if (invalid) return setError(t(invalid.key, { min: invalid.min }));
    setError(null);
    try {
      const money = await price.mutateAsync({ amount: Number(amount), code });
      setConfirm({ method, money });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const submit = async () => {
    if (!confirm) return;
    setConfirm(null);
    try {
      const form = await pay.mutateAsync({ amount: Number(amount), code, method: confirm.method });
      submitPaymentForm(form.url, form.fields);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('topup.online.title')}
        </Typography>
        {!enabled && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('topup.online.disabled')}
          </Alert>
        )}
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            {(inCurrency ? TOP_UP_PRESETS : [])
              .filter((p) => p >= min)
              .map((preset) => (
                <Chip
                  key={preset}
                  label={`$${preset}`}
                  disabled={!enabled}
                  color={String(preset) === amount ? 'primary' : 'default'}
                  onClick={() => setAmount(String(preset))}
                />
              ))}
          </Stack>
          <TextField
            label={t(inCurrency ? 'topup.online.amount' : 'topup.online.amountQuota')}
            name="amount"
            type="number"
            disabled={!enabled}
            value={amount}
            helperText={t('topup.online.minimum', { min })}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextField
            label={t('topup.online.code')}
            disabled={!enabled}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormError message={error} />
          <Stack direction="row" spacing={1}>
            {METHODS.map((m) => (
              <Button
                key={m.id}
                variant="contained"
                disabled={!enabled || pay.isPending || price.isPending}
                onClick={() => void start(m.id)}
              >
                {t(m.key)}
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        title={t('topup.online.confirmTitle')}
        onConfirm={() => void submit()}
        onClose={() => setConfirm(null)}
      >
        <Typography>{t('topup.online.confirmAmount', { amount })}</Typography>
        <Typography>{t('topup.online.confirmMoney', { money: confirm?.money ?? '' })}</Typography>
        <Typography>{t('topup.online.confirmQuestion')}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
