// Loopback fakes of the sign-in and human-verification services, speaking their real protocols.
export {
  startOAuthProvider,
  type FakeOAuthProvider,
  type OAuthAccount,
  type OAuthProviderOptions,
} from './oauth-provider.js';
export { startWeChatServer, type FakeWeChatServer } from './wechat-server.js';
export { startSiteverify, type FakeSiteverify } from './siteverify.js';
export { signTelegramLogin, type TelegramLoginFields } from './telegram.js';
