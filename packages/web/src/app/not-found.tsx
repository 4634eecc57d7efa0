import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from './paths';

/** Spec §2: the heading says the page does not exist, the text asks to check the address. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('common.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('common.notFound.text')}
      </Typography>
      <Button component={Link} to={paths.home} variant="outlined">
        {t('common.notFound.home')}
      </Button>
    </Box>
  );
}
