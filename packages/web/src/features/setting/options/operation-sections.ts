import type { SectionSpec } from './section-spec';

/** The operation tab's declarative panels (spec §2); logs, pricing and model ratios have their own components. */
export const OPERATION_SECTIONS = {
  general: {
    id: 'general',
    note: true,
    fields: [
      { key: 'TopUpLink', kind: 'text', help: true },
      { key: 'ChatLink', kind: 'text', help: true },
      { key: 'ChatLink2', kind: 'text', help: true },
      { key: 'QuotaPerUnit', kind: 'number', help: true },
      { key: 'RetryTimes', kind: 'number', unit: 'times' },
      { key: 'DisplayInCurrencyEnabled', kind: 'switch' },
      { key: 'DisplayTokenStatEnabled', kind: 'switch' },
      { key: 'DefaultCollapseSidebar', kind: 'switch' },
      { key: 'DemoSiteEnabled', kind: 'switch' },
    ],
  },
  drawing: {
    id: 'drawing',
    fields: [
      { key: 'DrawingEnabled', kind: 'switch' },
      { key: 'TaskEnabled', kind: 'switch' },
      { key: 'MjNotifyEnabled', kind: 'switch' },
      { key: 'MjAccountFilterEnabled', kind: 'switch' },
      { key: 'MjForwardUrlEnabled', kind: 'switch' },
      { key: 'MjModeClearEnabled', kind: 'switch' },
      { key: 'MjActionCheckSuccessEnabled', kind: 'switch' },
    ],
  },
  sensitive: {
    id: 'sensitive',
    fields: [
      { key: 'CheckSensitiveEnabled', kind: 'switch' },
      { key: 'CheckSensitiveOnPromptEnabled', kind: 'switch' },
      { key: 'SensitiveWords', kind: 'textarea', help: true, rows: 4 },
    ],
  },
  dashboard: {
    id: 'dashboard',
    fields: [
      { key: 'DataExportEnabled', kind: 'switch' },
      { key: 'DataExportInterval', kind: 'number', unit: 'minutes', help: true },
      { key: 'DataExportDefaultTime', kind: 'select', choices: ['hour', 'day', 'week'], help: true },
    ],
  },
  monitoring: {
    id: 'monitoring',
    fields: [
      { key: 'ChannelDisableThreshold', kind: 'number', unit: 'seconds', help: true },
      // Switchboard's own: how many qualifying failures, within how long, before a channel is disabled.
      { key: 'ChannelDisableFailureCount', kind: 'number', unit: 'times', help: true },
      { key: 'ChannelDisableFailureWindowMinutes', kind: 'number', unit: 'minutes', help: true },
      { key: 'QuotaRemindThreshold', kind: 'number', help: true },
      { key: 'AutomaticDisableChannelEnabled', kind: 'switch' },
      { key: 'AutomaticEnableChannelEnabled', kind: 'switch' },
      { key: 'AutomaticDisableKeywords', kind: 'textarea', help: true, rows: 4 },
    ],
  },
  quota: {
    id: 'quota',
    fields: [
      { key: 'QuotaForNewUser', kind: 'number' },
      { key: 'PreConsumedQuota', kind: 'number', help: true },
      { key: 'QuotaForInviter', kind: 'number' },
      { key: 'QuotaForInvitee', kind: 'number' },
    ],
  },
  chats: {
    id: 'chats',
    note: true,
    fields: [{ key: 'Chats', kind: 'json', help: true, rows: 8 }],
  },
  groups: {
    id: 'groups',
    pricing: true,
    fields: [
      { key: 'GroupRatio', kind: 'json', help: true },
      { key: 'UserUsableGroups', kind: 'json', help: true },
    ],
  },
  ratios: {
    id: 'ratios',
    pricing: true,
    fields: [
      { key: 'ModelPrice', kind: 'json', help: true, rows: 8 },
      { key: 'ModelRatio', kind: 'json', help: true, rows: 8 },
      { key: 'CompletionRatio', kind: 'json', help: true, rows: 6 },
    ],
  },
} satisfies Record<string, SectionSpec>;

/** The log panel's switch (the clear-before-time form is its own component). */
export const LOG_SECTION = {
  id: 'log',
  fields: [{ key: 'LogConsumeEnabled', kind: 'switch' }],
} satisfies SectionSpec;
