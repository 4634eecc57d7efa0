import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const midjourneyRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'midjourney',
      () => import('./components/midjourney-list'),
      (m) => m.MidjourneyList,
    ),
  ],
};
