import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const auditRoutes: FeatureRoutes = {
  root: [
    lazyRoute(
      'audit',
      () => import('./components/audit-list'),
      (m) => m.AuditList,
    ),
  ],
};
