import { DRAWN_SCREENS, type DrawnScreen } from '@switchboard/sdk/console';

/** Every route of the console (spec §2) and href builders; features link only through these. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  reset: '/reset',
  resetConfirm: '/user/reset',
  oauthGithub: '/oauth/github',
  oauthLinuxdo: '/oauth/linuxdo',
  pricing: '/pricing',
  about: '/about',
  token: '/token',
  playground: '/playground',
  channel: '/channel',
  redemption: '/redemption',
  user: '/user',
  userEditSelf: '/user/edit',
  setting: '/setting',
  topup: '/topup',
  log: '/log',
  detail: '/detail',
  midjourney: '/midjourney',
  task: '/task',
  chat: '/chat',
  chat2link: '/chat2link',
  audit: '/audit',
} as const;

export const hrefs = {
  loginExpired: () => `${paths.login}?expired=true`,
  chat: (index: number) => `${paths.chat}/${index}`,
  userEdit: (id: number) => `${paths.user}/edit/${id}`,
  setting: (tab?: string) => (tab ? `${paths.setting}?tab=${tab}` : paths.setting),
  log: (filters: Record<string, string> = {}) => {
    const query = new URLSearchParams(filters).toString();
    return query ? `${paths.log}?${query}` : paths.log;
  },
};

/** Any of the console's own paths. */
export type ConsolePath = (typeof paths)[keyof typeof paths];

/** The screens the server draws (the SDK's list), checked here by the compiler to be routes of the console. */
export const drawnPaths = Object.keys(DRAWN_SCREENS) as DrawnScreen[] satisfies readonly ConsolePath[];
