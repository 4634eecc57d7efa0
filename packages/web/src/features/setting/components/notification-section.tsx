import {
  parseUserSetting,
  QUOTA_WARNING_PRESETS,
  QUOTA_WARNING_THRESHOLD_DEFAULT,
  type User,
} from '@switchboard/sdk';
import { Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useUpdateNotifications } from '../api/mutations';
import { validateNotifications } from '../validation';
import { Section } from './section';

/** Quota-warning notification: email or an https webhook (POST, optional bearer secret), threshold presets. */
export function NotificationSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const saved = parseUserSetting(user.setting);
  const update = useUpdateNotifications();
  const [type, setType] = useState<string>(saved.notify_type ?? 'email');
  const [threshold, setThreshold] = useState(
    String(saved.quota_warning_threshold ?? QUOTA_WARNING_THRESHOLD_DEFAULT),
  );
  const [url, setUrl] = useState(saved.webhook_url ?? '');
  const [secret, setSecret] = useState(saved.webhook_secret ?? '');
  const [email, setEmail] = useState(saved.notification_email ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const invalid = validateNotifications(type, threshold, url);
    if (invalid) return setError(t(invalid));
    setError(null);
    try {
      await update.mutateAsync({
        notify_type: type as 'email' | 'webhook',
        quota_warning_threshold: Number(threshold),
        ...(type === 'webhook'
          ? { webhook_url: url.trim(), webhook_secret: secret }
          : { notification_email: email.trim() }),
      });
      notify('success', t('setting.notify.saved'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Section title={t('setting.notify.title')}>
      <Stack spacing={2}>
        <TextField
          select
          label={t('setting.notify.type')}
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          <MenuItem value="email">{t('setting.notify.email')}</MenuItem>
          <MenuItem value="webhook">{t('setting.notify.webhook')}</MenuItem>
        </TextField>
        <TextField
          label={t('setting.notify.threshold')}
          name="threshold"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {QUOTA_WARNING_PRESETS.map((p) => (
            <Chip key={p} label={`${p} (${formatQuota(p)})`} onClick={() => setThreshold(String(p))} />
          ))}
        </Stack>
        {type === 'webhook' ? (
          <>
            <TextField
              label={t('setting.notify.webhookUrl')}
              name="webhook_url"
              value={url}
              helperText={t('setting.notify.webhookHint')}
              onChange={(e) => setUrl(e.target.value)}
            />
            <TextField
              label={t('setting.notify.webhookSecret')}
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </>
        ) : (
          <TextField
            label={t('setting.notify.notificationEmail')}
            value={email}
            helperText={t('setting.notify.emailHint')}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
        <FormError message={error} />
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('common.actions.save')}
        </Button>
      </Stack>
    </Section>
  );
}
