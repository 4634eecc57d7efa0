import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const logRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'log',
      () => import('./components/log-list'),
      (m) => m.LogList,
    ),
  ],
};
