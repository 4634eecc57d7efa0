import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useSelf } from '../api/queries';
import { BindingSection } from './binding-section';
import { DeleteAccountSection } from './delete-account-section';
import { NotificationSection } from './notification-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';

/** `/setting`: the personal tab (the admin tabs belong to the admin console). */
export function SettingPage() {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <Box>
      <Paper sx={{ mb: 2 }}>
        <Tabs value="personal">
          <Tab value="personal" label={t('setting.tabs.personal')} />
        </Tabs>
      </Paper>
      {self.data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ProfileSection user={self.data} />
          <BindingSection user={self.data} />
          <NotificationSection user={self.data} />
          <SecuritySection />
          <DeleteAccountSection username={self.data.username} />
        </Box>
      ) : (
        <Loading />
      )}
    </Box>
  );
}
