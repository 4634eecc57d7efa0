import { hydrate } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import i18n, { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { resetSdk, sdk } from '../lib/sdk';
import { getUser } from '../lib/session';
import { syncPrefsCookie } from '../lib/storage';
import { preloadScreen } from '../components/lazy-route';
import { preloadSideMenu } from './layout/side-menu-lazy';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { readServerState } from './server-state';

const queryClient = createQueryClient();
// The page the server drew (if it did) came with the data it drew from: the console starts from that.
const serverState = readServerState();
if (serverState) hydrate(queryClient, serverState);
syncPrefsCookie();
// Everything the first screen needs is fetched at once: its chunk and the SDK load while the strings do.
const screen = Promise.all([preloadScreen(location.pathname), getUser() ? preloadSideMenu() : undefined]);
void sdk();
await initI18n();
resetSdk(i18n.language === 'en' ? 'en' : 'zh');
i18n.on('languageChanged', (lng) => resetSdk(lng === 'en' ? 'en' : 'zh'));
// Over a server-drawn page, draw once the screen can replace it whole, not a spinner first.
if (serverState) await screen.catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <Providers client={queryClient}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </Providers>,
);
