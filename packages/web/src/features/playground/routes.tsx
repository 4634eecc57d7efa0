import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const playgroundRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'playground',
      () => import('./components/playground-page'),
      (m) => m.PlaygroundPage,
    ),
  ],
};
