import { lazy, Suspense } from 'react';
import type { MenuItem } from './menu-items';

const Menu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

/** The side menu, loaded once someone is signed in (the sign-in screens never show it). */
export function SideMenu(props: { items: MenuItem[]; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Suspense>
      <Menu {...props} />
    </Suspense>
  );
}
