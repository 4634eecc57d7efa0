import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import type { FeatureRoutes } from '../components/lazy-route';
import { ScreenError } from '../components/screen-error';
import { authRoutes } from '../features/auth/routes';
import { chatRoutes } from '../features/chat/routes';
import { detailRoutes } from '../features/detail/routes';
import { midjourneyRoutes } from '../features/midjourney/routes';
import { playgroundRoutes } from '../features/playground/routes';
import { pricingRoutes } from '../features/pricing/routes';
import { settingRoutes } from '../features/setting/routes';
import { taskRoutes } from '../features/task/routes';
import { topupRoutes } from '../features/topup/routes';
import { homeRoutes } from '../features/home/routes';
import { logRoutes } from '../features/log/routes';
import { tokenRoutes } from '../features/token/routes';
import { AppShell } from './layout/app-shell';
import { NotFound } from './not-found';
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
];

/** Every screen is its own lazily loaded chunk under the shell; protected ones sit under RequireAuth. */
export function routeTree(): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppShell />,
      errorElement: <ScreenError />,
      hydrateFallbackElement: <Loading />,
      children: [
        ...features.flatMap((f) => f.open ?? []),
        { element: <RequireAuth />, children: features.flatMap((f) => f.private ?? []) },
        { path: '*', element: <NotFound /> },
      ],
    } as RouteObject,
  ];
}

export function createRouter() {
  return createBrowserRouter(routeTree());
}
