import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The per-screen error boundary: one failing screen shows this, the shell and menu stay usable. */
export function ScreenError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box sx={{ p: 3 }} role="alert">
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common.actions.reload')}
          </Button>
        }
      >
        {t('common.errors.screenCrashed')}
        <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', fontSize: 12, opacity: 0.8 }}>
          {detail}
        </Box>
      </Alert>
    </Box>
  );
}
