import { Suspense } from 'react';
import { preloadable } from '../../lib/preloadable';
import type { MenuItem } from './menu-items';

const { Component: Menu, preload: preloadSideMenu } = preloadable(
  () => import('./side-menu'),
  (m) => m.SideMenu,
);

/** The side menu, loaded once someone is signed in (the sign-in screens never show it). */
export function SideMenu(props: { items: MenuItem[]; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <Suspense>
      <Menu {...props} />
    </Suspense>
  );
}

export { preloadSideMenu };
