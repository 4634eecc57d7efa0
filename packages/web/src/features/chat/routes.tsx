import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

export const chatRoutes: FeatureRoutes = {
  private: [
    lazyRoute(
      'chat/:id?',
      () => import('./components/chat-frame'),
      (m) => m.ChatFrame,
    ),
    lazyRoute(
      'chat2link',
      () => import('./components/chat-to-link'),
      (m) => m.ChatToLink,
    ),
  ],
};
