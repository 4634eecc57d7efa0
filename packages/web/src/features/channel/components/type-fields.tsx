import { Alert, Box, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChannelForm } from '../lib/channel-form';
import { jsonProblem } from '../lib/json-field';
import type { TypeForm } from '../lib/type-forms';

interface Props {
  form: ChannelForm;
  spec: TypeForm;
  set<K extends keyof ChannelForm>(key: K, value: ChannelForm[K]): void;
  errorOf(field: string): string | undefined;
}

/** The type's own notice and address field (where it has one). */
export function TypeNoticeAndAddress({ form, spec, set, errorOf }: Props) {
  const { t } = useTranslation();
  const address = spec.baseUrl;
  return (
    <>
      {spec.notice && (
        <Alert severity={spec.notice.severity} role="note" data-testid="type-notice">
          {t(spec.notice.text)}
        </Alert>
      )}
      {address !== 'hidden' && (
        <TextField
          label={address === 'generic' ? t('channel.fields.base_url') : t(address.label)}
          name="base_url"
          value={form.base_url}
          onChange={(e) => set('base_url', e.target.value)}
          placeholder={address === 'generic' ? t('channel.edit.baseUrlHint') : t(address.placeholder)}
          error={Boolean(errorOf('base_url'))}
          helperText={errorOf('base_url') ?? (address === 'generic' ? t('channel.edit.baseUrlTip') : ' ')}
        />
      )}
    </>
  );
}

/** The type's extra field (`other`: API version, region, knowledge base, account id) and organization. */
export function TypeExtraFields({ form, spec, set, errorOf }: Props) {
  const { t } = useTranslation();
  const other = spec.other;
  const regionProblem = form.type === 41 ? jsonProblem('region', form.other) : null;
  return (
    <>
      {other && (
        <Box>
          <TextField
            label={t(other.label)}
            name="other"
            value={form.other}
            onChange={(e) => set('other', e.target.value)}
            placeholder={t(other.placeholder)}
            multiline={other.multiline ?? false}
            minRows={other.multiline ? 2 : undefined}
            fullWidth
            error={Boolean(errorOf('other') ?? regionProblem)}
            helperText={errorOf('other') ?? regionProblem ?? ' '}
          />
          {other.template && (
            <Button size="small" onClick={() => set('other', other.template!)}>
              {t('channel.edit.fillTemplate')}
            </Button>
          )}
        </Box>
      )}
      {spec.organization && (
        <TextField
          label={t('channel.fields.openai_organization')}
          name="openai_organization"
          value={form.openai_organization}
          onChange={(e) => set('openai_organization', e.target.value)}
          placeholder={t('channel.edit.organizationHint')}
        />
      )}
    </>
  );
}
