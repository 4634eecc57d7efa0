import { lazyRoute, type FeatureRoutes } from '../../components/lazy-route';

const editor = () => import('./components/channel-editor');

export const channelRoutes: FeatureRoutes = {
  admin: [
    lazyRoute(
      'channel',
      () => import('./components/channel-list'),
      (m) => m.ChannelList,
    ),
    lazyRoute('channel/add', editor, (m) => m.ChannelEditor),
    lazyRoute('channel/edit/:id', editor, (m) => m.ChannelEditor),
  ],
};
