import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const redemptionRoutes: FeatureRoutes = {
  admin: [
    lazyRoute(
      'redemption',
      () => import('./components/redemption-list'),
      (m) => m.RedemptionList,
    ),
  ],
};
