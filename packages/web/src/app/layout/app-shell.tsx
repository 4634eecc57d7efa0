import { SIDEBAR_MAX_WIDTH } from '@switchboard/sdk';
import { Box } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { NotifierHost } from '../../components/notifier-host';
import { UNAUTHORIZED_EVENT } from '../../lib/errors';
import { useDiscoveryPass } from '../../lib/server-pass';
import { isAdmin, isRoot, setUser, useUser } from '../../lib/session';
import { useStatus } from '../../lib/status';
import { useIsMobile } from '../../lib/use-mobile';
import { hrefs, paths } from '../paths';
import { Footer } from './footer';
import { menuItems } from './menu-items';
import { SideMenu } from './side-menu-lazy';
import { TopBar } from './top-bar';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

const COLLAPSED_WIDTH = 64;

/** Top bar, side menu (not on home, a drawer on phones), the screen, and the footer (spec §2). */
export function AppShell() {
  const status = useStatus();
  const user = useUser();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isHome = pathname === paths.home;

  useEffect(() => {
    const onUnauthorized = () => {
      setUser(null);
      void navigate(hrefs.loginExpired());
    };
    globalThis.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => globalThis.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);

  const discovery = useDiscoveryPass();
  if (discovery)
    return (
      <Suspense>
        <Outlet />
      </Suspense>
    );

  const items = user ? menuItems({ admin: isAdmin(user), root: isRoot(user), status }) : [];
  const isCollapsed = collapsed ?? status?.default_collapse_sidebar ?? false;
  const showSide = Boolean(user) && !isHome && !mobile;
  const width = isCollapsed ? COLLAPSED_WIDTH : SIDEBAR_MAX_WIDTH;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar
        systemName={status?.system_name || 'Switchboard'}
        logo={status?.logo ?? ''}
        showDetail={status?.enable_data_export === true}
        showChat={items.some((item) => item.key === 'chat')}
        {...(user && mobile ? { onToggleMenu: () => setMobileOpen((open) => !open) } : {})}
        {...(user && !mobile && !isHome ? { onToggleMenu: () => setCollapsed(!isCollapsed) } : {})}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {showSide && (
          <Box
            component="aside"
            data-testid="side-menu"
            sx={{
              width,
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              transition: 'width 150ms',
              // A drawn page cannot know the width it will be shown at: on phones the console's drawer replaces it.
              ...(import.meta.env.SSR ? { display: { xs: 'none', sm: 'block' } } : {}),
            }}
          >
            <SideMenu items={items} collapsed={isCollapsed} />
          </Box>
        )}
        {user && mobile && mobileOpen && (
          <Suspense>
            <MobileDrawer items={items} onClose={() => setMobileOpen(false)} />
          </Suspense>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: isHome ? 0 : { xs: 1, sm: 2, md: 3 } }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <Footer />
      <NotifierHost />
    </Box>
  );
}
