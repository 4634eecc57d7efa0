import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const detailRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'detail',
      () => import('./components/detail-page'),
      (m) => m.DetailPage,
    ),
  ],
};
