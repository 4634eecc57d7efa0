import { Alert, Box, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../lib/i18n';

interface State {
  error: Error | null;
}

/**
 * The per-screen error boundary: one failing screen shows this, the shell and menu stay usable. Keyed by
 * the path where it is used, so moving to another screen starts clean.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box sx={{ p: 3 }} role="alert">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {i18n.t('common.actions.reload')}
            </Button>
          }
        >
          {i18n.t('common.errors.screenCrashed')}
          <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', fontSize: 12, opacity: 0.8 }}>
            {error.message}
          </Box>
        </Alert>
      </Box>
    );
  }
}
