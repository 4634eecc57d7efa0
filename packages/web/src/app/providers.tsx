import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { ColorModeProvider } from '../theme/color-mode';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ColorModeProvider>{children}</ColorModeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
