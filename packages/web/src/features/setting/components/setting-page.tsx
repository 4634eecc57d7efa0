import { Box, Paper, Tab, Tabs } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useUser } from '../../../lib/session';
import { useSelf } from '../api/queries';
import { ADMIN_TAB_NAMES, canSeeAdminTabs } from './admin/admin-tab-names';
import { BindingSection } from './binding-section';
import { DeleteAccountSection } from './delete-account-section';
import { NotificationSection } from './notification-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';

const AdminTabPanel = lazy(async () => ({
  default: (await import('./admin/admin-tab-panel')).AdminTabPanel,
}));

type TabName = 'personal' | (typeof ADMIN_TAB_NAMES)[number];

/** `/setting`: the personal tab for everyone, the admin tabs for root (spec §6); `?tab=` holds the tab. */
export function SettingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const tabs: readonly TabName[] = ['personal', ...(canSeeAdminTabs(user) ? ADMIN_TAB_NAMES : [])];
  const asked = params.get('tab') as TabName | null;
  const tab: TabName = asked && tabs.includes(asked) ? asked : 'personal';
  return (
    <Box>
      <Paper sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: TabName) => setParams(next === 'personal' ? {} : { tab: next })}
          variant="scrollable"
          scrollButtons="auto"
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={name === 'personal' ? t('setting.tabs.personal') : t(`options.tabs.${name}`)}
            />
          ))}
        </Tabs>
      </Paper>
      {tab === 'personal' ? (
        <PersonalTab />
      ) : (
        <Suspense fallback={<Loading />}>
          <AdminTabPanel tab={tab} />
        </Suspense>
      )}
    </Box>
  );
}

function PersonalTab() {
  const self = useSelf();
  if (!self.data) return <Loading />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ProfileSection user={self.data} />
      <BindingSection user={self.data} />
      <NotificationSection user={self.data} />
      <SecuritySection />
      <DeleteAccountSection username={self.data.username} />
    </Box>
  );
}
