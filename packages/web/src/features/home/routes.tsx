import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const homeRoutes: FeatureRoutes = {
  open: [
    lazyRoute(
      '/',
      () => import('./components/home-page'),
      (m) => m.HomePage,
    ),
    lazyRoute(
      'about',
      () => import('./components/about-page'),
      (m) => m.AboutPage,
    ),
  ],
};
