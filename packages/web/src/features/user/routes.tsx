import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

const editPage = () => import('./components/user-edit-page');

export const userRoutes: FeatureRoutes = {
  admin: [
    lazyRoute(
      'user',
      () => import('./components/user-list'),
      (m) => m.UserList,
    ),
    lazyRoute('user/edit/:id', editPage, (m) => m.UserEditPage),
    lazyRoute('user/edit', editPage, (m) => m.UserEditPage),
  ],
};
