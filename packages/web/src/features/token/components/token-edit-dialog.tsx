import { TOKEN_BATCH_PRESETS, type Token } from '@switchboard/sdk';
import {
  Autocomplete,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreateTokens, useUpdateToken } from '../api/mutations';
import { useUserGroups, useUserModels } from '../api/queries';
import { initialForm, tokenParams } from '../token-form';
import { validateToken, type TokenForm } from '../validation';
import { ExpiryField } from './expiry-field';
import { BudgetFields } from '../../../components/budget-fields';

/** Create (single or batch) and edit: quota, unlimited, expiry with shortcuts, model limits, IPs, group. */
export function TokenEditDialog({ token, onClose }: { token: Token | null; onClose(): void }) {
  const { t } = useTranslation();
  const creating = token === null;
  const [form, setForm] = useState<TokenForm>(() => initialForm(token));
  const [error, setError] = useState<string | null>(null);
  const models = useUserModels();
  const groups = useUserGroups();
  const create = useCreateTokens();
  const update = useUpdateToken();
  const set = <K extends keyof TokenForm>(key: K, value: TokenForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    const invalid = validateToken(form, creating);
    if (invalid) return setError(t(invalid));
    setError(null);
    const params = tokenParams(form);
    try {
      if (creating) await create.mutateAsync({ params, count: Number(form.count) });
      else await update.mutateAsync({ id: token.id, params });
      notify('success', creating ? t('token.edit.created') : t('token.edit.updated'));
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const groupEntries = Object.entries(groups.data ?? {});
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{creating ? t('token.edit.createTitle') : t('token.edit.editTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate>
          <TextField
            label={t('token.fields.name')}
            name="name"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <ExpiryField value={form.expiry} onChange={(v) => set('expiry', v)} />
          <FormControlLabel
            control={<Switch checked={form.unlimited} onChange={(e) => set('unlimited', e.target.checked)} />}
            label={t('token.fields.unlimited_quota')}
          />
          {!form.unlimited && (
            <TextField
              label={t('token.fields.remain_quota')}
              name="remain_quota"
              value={form.remainQuota}
              helperText={
                /^\d+$/.test(form.remainQuota)
                  ? t('token.edit.equivalent', { amount: formatQuota(Number(form.remainQuota)) })
                  : ' '
              }
              onChange={(e) => set('remainQuota', e.target.value)}
            />
          )}
          <BudgetFields value={form.budget} onChange={(v) => set('budget', v)} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              label={t('common.budget.maxConcurrency')}
              name="max_concurrency"
              value={form.maxConcurrency}
              helperText={t('common.budget.zeroNone')}
              onChange={(e) => set('maxConcurrency', e.target.value)}
            />
            <TextField
              label={t('common.budget.rpm')}
              name="rpm_limit"
              value={form.rpmLimit}
              helperText={t('common.budget.zeroNone')}
              onChange={(e) => set('rpmLimit', e.target.value)}
            />
            <TextField
              label={t('common.budget.tpm')}
              name="tpm_limit"
              value={form.tpmLimit}
              helperText={t('common.budget.zeroNone')}
              onChange={(e) => set('tpmLimit', e.target.value)}
            />
          </Stack>
          {creating && (
            <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1}>
              <TextField
                label={t('token.edit.count')}
                name="count"
                value={form.count}
                onChange={(e) => set('count', e.target.value)}
                sx={{ maxWidth: 140 }}
              />
              {TOKEN_BATCH_PRESETS.map((n) => (
                <Chip key={n} label={n} onClick={() => set('count', String(n))} />
              ))}
            </Stack>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={form.modelLimitsEnabled}
                onChange={(e) => set('modelLimitsEnabled', e.target.checked)}
              />
            }
            label={t('token.fields.model_limits_enabled')}
          />
          <Autocomplete
            multiple
            disabled={!form.modelLimitsEnabled}
            options={models.data ?? []}
            value={form.modelLimits}
            onChange={(_e, value) => set('modelLimits', value)}
            renderInput={(params) => <TextField {...params} label={t('token.fields.model_limits')} />}
          />
          <TextField
            label={t('token.fields.allow_ips')}
            multiline
            minRows={2}
            value={form.allowIps}
            placeholder={t('token.edit.ipsHint')}
            onChange={(e) => set('allowIps', e.target.value)}
          />
          <TextField
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            select
            label={t('token.fields.group')}
            value={form.group}
            onChange={(e) => set('group', e.target.value)}
          >
            <MenuItem value="">{t('token.edit.userGroup')}</MenuItem>
            {groupEntries.map(([name, info]) => (
              <MenuItem key={name} value={name}>
                {name} · {info.desc} ({info.ratio}x)
              </MenuItem>
            ))}
          </TextField>
          <FormError message={error} />
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('common.actions.save')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={create.isPending || update.isPending}
      />
    </Dialog>
  );
}
