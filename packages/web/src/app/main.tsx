import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import i18n, { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { resetSdk, sdk } from '../lib/sdk';
import { preloadScreen } from '../components/lazy-route';
import { Providers } from './providers';
import { AppRoutes } from './router';

const queryClient = createQueryClient();
// Everything the first screen needs is fetched at once: its chunk and the SDK load while the strings do.
preloadScreen(location.pathname);
void sdk();
await initI18n();
resetSdk(i18n.language === 'en' ? 'en' : 'zh');
i18n.on('languageChanged', (lng) => resetSdk(lng === 'en' ? 'en' : 'zh'));

createRoot(document.getElementById('root')!).render(
  <Providers client={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </Providers>,
);
