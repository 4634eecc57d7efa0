import { useRoutes, type RouteObject } from 'react-router-dom';
import type { FeatureRoutes } from '../components/lazy-route';
import { ScreenBoundary } from '../components/screen-error';
import { auditRoutes } from '../features/audit/routes';
import { authRoutes } from '../features/auth/routes';
import { channelRoutes } from '../features/channel/routes';
import { chatRoutes } from '../features/chat/routes';
import { detailRoutes } from '../features/detail/routes';
import { midjourneyRoutes } from '../features/midjourney/routes';
import { playgroundRoutes } from '../features/playground/routes';
import { pricingRoutes } from '../features/pricing/routes';
import { redemptionRoutes } from '../features/redemption/routes';
import { settingRoutes } from '../features/setting/routes';
import { taskRoutes } from '../features/task/routes';
import { topupRoutes } from '../features/topup/routes';
import { homeRoutes } from '../features/home/routes';
import { logRoutes } from '../features/log/routes';
import { tokenRoutes } from '../features/token/routes';
import { userRoutes } from '../features/user/routes';
import { AppShell } from './layout/app-shell';
import { NotFound } from './not-found';
import { RequireAdmin, RequireRoot } from './require-admin';
import { RequireAuth } from './require-auth';

const features: FeatureRoutes[] = [
  homeRoutes,
  authRoutes,
  pricingRoutes,
  tokenRoutes,
  logRoutes,
  topupRoutes,
  settingRoutes,
  playgroundRoutes,
  detailRoutes,
  midjourneyRoutes,
  taskRoutes,
  chatRoutes,
  channelRoutes,
  redemptionRoutes,
  userRoutes,
  auditRoutes,
];

/** Every screen is its own lazily loaded chunk under the shell; protected ones sit under RequireAuth. */
export function routeTree(): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppShell />,
      children: [
        ...features.flatMap((f) => f.open ?? []),
        {
          element: <RequireAuth />,
          children: [
            ...features.flatMap((f) => f.private ?? []),
            { element: <RequireAdmin />, children: features.flatMap((f) => f.admin ?? []) },
            { element: <RequireRoot />, children: features.flatMap((f) => f.root ?? []) },
          ],
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

const routes = routeTree();

/**
 * The console's routes in react-router's declarative mode (a BrowserRouter above): the data-router API
 * is not needed here and costs about 17 KB gzipped on the first page.
 */
export function AppRoutes() {
  return <ScreenBoundary>{useRoutes(routes)}</ScreenBoundary>;
}
