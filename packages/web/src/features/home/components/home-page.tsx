import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useUser } from '../../../lib/session';
import { useStatus } from '../../../lib/status';
import { useHomeContent } from '../api/queries';
import { ContentBlock } from './content-block';

/** `/`: the custom homepage content when set, else a welcome with the server address. */
export function HomePage() {
  const { t } = useTranslation();
  const status = useStatus();
  const user = useUser();
  const content = useHomeContent();
  if (content.isPending) return <Loading />;
  if (content.data) return <ContentBlock content={content.data} />;
  return (
    <Box sx={{ px: 2, py: { xs: 6, md: 12 }, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 32, md: 48 } }}>
        {status?.system_name || 'Switchboard'}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2, mb: 4 }}>
        {t('home.welcome.text')}
      </Typography>
      {status?.server_address && (
        <Typography sx={{ mb: 3, fontFamily: 'monospace' }} data-testid="server-address">
          {status.server_address}
        </Typography>
      )}
      <Stack sx={{ justifyContent: 'center' }} direction="row" spacing={2}>
        <Button component={Link} to={user ? '/token' : '/login'} variant="contained" size="large">
          {user ? t('home.welcome.console') : t('home.welcome.start')}
        </Button>
        <Button component={Link} to="/pricing" variant="outlined" size="large">
          {t('home.welcome.pricing')}
        </Button>
      </Stack>
    </Box>
  );
}
