import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const taskRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'task',
      () => import('./components/task-list'),
      (m) => m.TaskList,
    ),
  ],
};
