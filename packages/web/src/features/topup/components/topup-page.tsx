import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../../../lib/format';
import { useSelf } from '../api/queries';
import { AffiliateCard } from './affiliate-card';
import { OnlineTopUpCard } from './online-topup-card';
import { RedeemCard } from './redeem-card';

export function TopUpPage() {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Card sx={{ gridColumn: { md: '1 / -1' } }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary">
            {t('topup.balance.title')}
          </Typography>
          <Typography variant="h4" component="p" data-testid="balance" data-quota={self.data?.quota}>
            {self.data ? formatQuota(self.data.quota) : '…'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('topup.balance.used', {
              used: formatQuota(self.data?.used_quota ?? 0),
              count: self.data?.request_count ?? 0,
            })}
          </Typography>
        </CardContent>
      </Card>
      <RedeemCard />
      <OnlineTopUpCard />
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <AffiliateCard />
      </Box>
    </Box>
  );
}
