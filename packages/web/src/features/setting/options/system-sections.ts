import type { SectionSpec } from './section-spec';

/** The system tab's panels (spec §2), in new-api's order. */
export const SYSTEM_SECTIONS = [
  { id: 'server', fields: [{ key: 'ServerAddress', kind: 'text', help: true }] },
  {
    id: 'proxy',
    fields: [
      { key: 'WorkerUrl', kind: 'text', help: true },
      { key: 'WorkerValidKey', kind: 'secret' },
    ],
  },
  {
    id: 'payment',
    note: true,
    // Spec §5: payment callbacks are built on the server address, so it must be saved first.
    precheck: (stored) =>
      (stored['ServerAddress'] ?? '').trim() ? undefined : 'option.serverAddressRequired',
    fields: [
      { key: 'PayAddress', kind: 'text', help: true },
      { key: 'EpayId', kind: 'text' },
      { key: 'EpayKey', kind: 'secret' },
      { key: 'CustomCallbackAddress', kind: 'text', help: true },
      { key: 'Price', kind: 'number', help: true },
      { key: 'MinTopUp', kind: 'number', help: true },
      { key: 'TopupGroupRatio', kind: 'json', help: true, rows: 4 },
    ],
  },
  {
    id: 'login',
    fields: [
      { key: 'PasswordLoginEnabled', kind: 'switch', confirmOff: true },
      { key: 'PasswordRegisterEnabled', kind: 'switch' },
      { key: 'EmailVerificationEnabled', kind: 'switch' },
      { key: 'GitHubOAuthEnabled', kind: 'switch' },
      { key: 'LinuxDOOAuthEnabled', kind: 'switch' },
      { key: 'WeChatAuthEnabled', kind: 'switch' },
      { key: 'TelegramOAuthEnabled', kind: 'switch' },
      { key: 'RegisterEnabled', kind: 'switch' },
      { key: 'TurnstileCheckEnabled', kind: 'switch' },
    ],
  },
  {
    id: 'emailDomains',
    note: true,
    fields: [
      { key: 'EmailDomainRestrictionEnabled', kind: 'switch' },
      { key: 'EmailAliasRestrictionEnabled', kind: 'switch' },
      { key: 'EmailDomainWhitelist', kind: 'list', help: true },
    ],
  },
  {
    id: 'smtp',
    note: true,
    fields: [
      { key: 'SMTPServer', kind: 'text' },
      { key: 'SMTPPort', kind: 'number' },
      { key: 'SMTPAccount', kind: 'text' },
      { key: 'SMTPFrom', kind: 'text' },
      { key: 'SMTPToken', kind: 'secret' },
      { key: 'SMTPSSLEnabled', kind: 'switch' },
    ],
  },
  {
    id: 'github',
    note: true,
    fields: [
      { key: 'GitHubClientId', kind: 'text' },
      { key: 'GitHubClientSecret', kind: 'secret' },
    ],
  },
  {
    id: 'wechat',
    note: true,
    fields: [
      { key: 'WeChatServerAddress', kind: 'text' },
      { key: 'WeChatServerToken', kind: 'secret' },
      { key: 'WeChatAccountQRCodeImageURL', kind: 'text' },
    ],
  },
  {
    id: 'telegram',
    fields: [
      { key: 'TelegramBotToken', kind: 'secret' },
      { key: 'TelegramBotName', kind: 'text' },
    ],
  },
  {
    id: 'turnstile',
    note: true,
    fields: [
      { key: 'TurnstileSiteKey', kind: 'secret' },
      { key: 'TurnstileSecretKey', kind: 'secret' },
    ],
  },
  {
    id: 'linuxdo',
    note: true,
    fields: [
      { key: 'LinuxDOClientId', kind: 'text' },
      { key: 'LinuxDOClientSecret', kind: 'secret' },
    ],
  },
] satisfies SectionSpec[];
