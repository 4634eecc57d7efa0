import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const settingRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'setting',
      () => import('./components/setting-page'),
      (m) => m.SettingPage,
    ),
  ],
};
