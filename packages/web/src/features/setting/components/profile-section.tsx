import type { User } from '@switchboard/sdk';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format';
import { Section } from './section';

/** Profile, balance and invite info. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const rows: Array<[string, string | number]> = [
    [t('setting.fields.username'), user.username],
    [t('setting.fields.display_name'), user.display_name || '-'],
    [t('setting.fields.group'), user.group],
    [t('setting.fields.quota'), formatQuota(user.quota)],
    [t('setting.fields.used_quota'), formatQuota(user.used_quota)],
    [t('setting.fields.request_count'), user.request_count],
    [t('setting.fields.aff_code'), user.aff_code || '-'],
    [t('setting.fields.aff_count'), user.aff_count],
    [t('setting.fields.aff_quota'), formatQuota(user.aff_quota)],
  ];
  return (
    <Section title={t('setting.profile.title')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="body2" data-testid={`profile-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
