import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const tokenRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'token',
      () => import('./components/token-list'),
      (m) => m.TokenList,
    ),
  ],
};
