import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const pricingRoutes: FeatureRoutes = {
  open: [
    lazyRoute(
      'pricing',
      () => import('./components/pricing-page'),
      (m) => m.PricingPage,
    ),
  ],
};
