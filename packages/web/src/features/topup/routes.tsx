import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const topupRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'topup',
      () => import('./components/topup-page'),
      (m) => m.TopUpPage,
    ),
  ],
};
