/**
 * The data model of the management API: entity schemas (parsed tolerantly), request schemas (every
 * validation rule, failing with message keys of `i18n/messages.ts`) and the option catalogue.
 * Published as the `@switchboard/sdk/schemas` subpath.
 */
export * from './common.js';
export * from './plain-text.js';
export * from './auth.js';
export * from './user.js';
export * from './user-params.js';
export * from './token.js';
export * from './budget.js';
export * from './redemption.js';
export * from './channel.js';
export * from './channel-params.js';
export * from './log.js';
export * from './usage.js';
export * from './task.js';
export * from './pricing.js';
export * from './status.js';
export * from './wallet.js';
export * from './playground.js';
export * from './responses.js';
export * from './option-defaults.js';
export * from './model-ratio-defaults.js';
export * from './option-types.js';
export * from './option-values.js';
export * from './option.js';
export * from './settings.js';
export * from './audit.js';
