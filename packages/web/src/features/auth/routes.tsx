import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const authRoutes: FeatureRoutes = {
  open: [
    lazyRoute(
      'login',
      () => import('./components/login-form'),
      (m) => m.LoginForm,
    ),
    lazyRoute(
      'register',
      () => import('./components/register-form'),
      (m) => m.RegisterForm,
    ),
    lazyRoute(
      'reset',
      () => import('./components/reset-request'),
      (m) => m.ResetRequest,
    ),
    lazyRoute(
      'user/reset',
      () => import('./components/reset-confirm'),
      (m) => m.ResetConfirm,
    ),
    lazyRoute(
      'oauth/github',
      () => import('./components/oauth-callback'),
      (m) => m.GithubCallback,
    ),
    lazyRoute(
      'oauth/linuxdo',
      () => import('./components/oauth-callback'),
      (m) => m.LinuxdoCallback,
    ),
  ],
};
