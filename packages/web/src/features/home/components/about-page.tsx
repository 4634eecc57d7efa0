import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { useAbout } from '../api/queries';
import { ContentBlock } from './content-block';

export function AboutPage() {
  const { t } = useTranslation();
  const about = useAbout();
  if (about.isPending) return <Loading />;
  return (
    <Paper sx={{ p: 3 }}>
      {about.data ? (
        <ContentBlock content={about.data} />
      ) : (
        <>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('home.about.title')}
          </Typography>
          <Typography color="text.secondary">{t('home.about.empty')}</Typography>
        </>
      )}
    </Paper>
  );
}
