import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../../components/loading';
import { useOptions } from '../../api/option-queries';
import type { OptionValues } from '../../options/option-values';

/** Loads the options once for a tab and lays its panels out in one or two columns. */
export function OptionsTab({ children }: { children(stored: OptionValues): ReactNode }) {
  const { t } = useTranslation();
  const options = useOptions();
  if (options.isError && !options.data) return <Alert severity="error">{t('options.loadFailed')}</Alert>;
  if (!options.data) return <Loading />;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children(options.data)}
    </Box>
  );
}
