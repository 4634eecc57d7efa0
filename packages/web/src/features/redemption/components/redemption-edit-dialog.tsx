import {
  NEW_REDEMPTION_DEFAULT_COUNT,
  NEW_REDEMPTION_DEFAULT_QUOTA,
  type Redemption,
} from '@switchboard/sdk';
import { Chip, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { formatQuota, quotaPerUnit } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreateRedemptions, useUpdateRedemption, type CreatedCodes } from '../api/mutations';
import { validateRedemption, type RedemptionForm } from '../validation';

/** Quota presets of the creator, in dollars (shown as the site's currency). */
const PRESET_DOLLARS = [1, 5, 10, 20, 50, 100] as const;

export interface CreatedBatch extends CreatedCodes {
  name: string;
  quota: number;
}

interface Props {
  /** null creates a batch. */
  redemption: Redemption | null;
  onClose(): void;
  /** Called with the generated keys after a create. */
  onCreated?(batch: CreatedBatch): void;
}

/** Create a batch of codes (name, quota with presets, count ≤ 100) or edit an unused code's name and quota. */
export function RedemptionEditDialog({ redemption, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const creating = redemption === null;
  const [form, setForm] = useState<RedemptionForm>(() => ({
    name: redemption?.name ?? '',
    quota: String(redemption?.quota ?? NEW_REDEMPTION_DEFAULT_QUOTA),
    count: String(NEW_REDEMPTION_DEFAULT_COUNT),
  }));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRedemptions();
  const update = useUpdateRedemption();
  const set = (key: keyof RedemptionForm, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const unit = quotaPerUnit();
  const quotaValid = /^\d+$/.test(form.quota.trim());

  const submit = async () => {
    const invalid = validateRedemption(form, creating);
    if (invalid) return setError(t(invalid));
    setError(null);
    const quota = Number(form.quota);
    // new-api names an unnamed batch after its value.
    const name = form.name.trim() || formatQuota(quota);
    try {
      if (creating) {
        const result = await create.mutateAsync({ name, quota, count: Number(form.count) });
        if (result.error) notify('error', errorMessage(result.error));
        else notify('success', t('redemption.edit.created', { count: result.keys.length }));
        onCreated?.({ ...result, name, quota });
      } else {
        await update.mutateAsync({ id: redemption.id, name, quota });
        notify('success', t('redemption.edit.updated'));
      }
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {creating ? t('redemption.edit.createTitle') : t('redemption.edit.editTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate>
          <TextField
            label={t('redemption.fields.name')}
            name="name"
            value={form.name}
            placeholder={creating ? t('redemption.edit.namePlaceholder') : undefined}
            helperText={t('redemption.edit.nameHint')}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            label={t('redemption.fields.quota')}
            name="quota"
            value={form.quota}
            helperText={
              quotaValid ? t('redemption.edit.equivalent', { amount: formatQuota(Number(form.quota)) }) : ' '
            }
            onChange={(e) => set('quota', e.target.value)}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="quota-presets">
            {PRESET_DOLLARS.map((dollars) => {
              const value = dollars * unit;
              return (
                <Chip
                  key={dollars}
                  label={formatQuota(value)}
                  color={String(value) === form.quota.trim() ? 'primary' : 'default'}
                  onClick={() => set('quota', String(value))}
                />
              );
            })}
          </Stack>
          {creating && (
            <TextField
              label={t('redemption.edit.count')}
              name="count"
              value={form.count}
              helperText={t('redemption.edit.countHint')}
              onChange={(e) => set('count', e.target.value)}
            />
          )}
          <FormError message={error} />
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={creating ? t('redemption.edit.create') : t('common.actions.save')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={create.isPending || update.isPending}
        testId="redemption-submit"
      />
    </Dialog>
  );
}
